/** Entries of a map (files, reusable contents) in the order lists answer them: by id, code unit by code unit. */
export const byId = (a: { id: string }, b: { id: string }): number => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
