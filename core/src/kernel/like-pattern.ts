// The pattern for a LIKE/ILIKE search that matches the caller's text literally: its wildcards escaped,
// wrapped in %…% (one helper for every list's search box).

/** `%text%` with LIKE's wildcards (\, %, _) escaped, so the search text matches literally. */
export const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
