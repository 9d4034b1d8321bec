// The users list read from the replica when core cannot be asked (offline): the admin's
// replica holds whole rows; the search matches name or e-mail like core's, ordered by name.
import type { PublicUserDTO, UserDTO } from "@chatflow/core/contract/entities.ts";

const isWhole = (u: UserDTO | PublicUserDTO): u is UserDTO => "email" in u && "profile" in u;

export function localUsers(rows: (UserDTO | PublicUserDTO)[], search: string): UserDTO[] {
  const q = search.trim().toLowerCase();
  return rows
    .filter(isWhole)
    .filter((u) => !q || u.name.toLowerCase().includes(q) || u.email.toLowerCase().includes(q))
    .sort((a, b) => {
      const an = a.name.toLowerCase();
      const bn = b.name.toLowerCase();
      return an < bn ? -1 : an > bn ? 1 : a.id - b.id;
    });
}
