/** Injection token of the process's FolioConfig. */
export const CONFIG = Symbol('FolioConfig');
