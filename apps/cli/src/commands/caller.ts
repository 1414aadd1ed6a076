import { systemCaller } from '@folio/platform/auth/caller';

/** The CLI acts as Folio itself, from a script; the correlation id tells one run from another. */
export const cliCaller = () => systemCaller(`cli-${process.pid}-${Date.now()}`, 'script');
