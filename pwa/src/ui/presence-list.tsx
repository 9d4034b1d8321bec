// Who else is on this document now (decision 0091): a named list of people, each in their colour. The flow editor,
// the quick messages and the kanban board show it alike; `label` comes translated ('Editando agora').
import "./presence-list.css";

export type PresencePerson = { key: string | number; name: string; color: string };

export function PresenceList({
  label,
  people,
  "data-testid": testId,
}: {
  label: string;
  people: PresencePerson[];
  "data-testid"?: string;
}) {
  if (people.length === 0) return null;
  return (
    <ul className="presence-list" aria-label={label} data-testid={testId}>
      {people.map((p) => (
        <li key={p.key} style={{ borderColor: p.color }} data-testid="presence-person" data-color={p.color}>
          <span className="presence-dot" style={{ background: p.color }} aria-hidden="true" />
          {p.name}
        </li>
      ))}
    </ul>
  );
}
