/** Which icon a cluster shows, from the first of these words its label holds (a lemma's prefix), else the default. */
const ICONS: readonly (readonly [string, string])[] = [
  ['login', 'key'],
  ['password', 'key'],
  ['auth', 'key'],
  ['sso', 'key'],
  ['token', 'key'],
  ['permission', 'lock'],
  ['access', 'lock'],
  ['billing', 'credit-card'],
  ['invoice', 'credit-card'],
  ['payment', 'credit-card'],
  ['subscription', 'credit-card'],
  ['api', 'code'],
  ['sdk', 'code'],
  ['endpoint', 'code'],
  ['webhook', 'plug'],
  ['integration', 'plug'],
  ['import', 'file-import'],
  ['export', 'file-export'],
  ['search', 'magnifying-glass'],
  ['deploy', 'rocket'],
  ['publish', 'rocket'],
  ['setting', 'gear'],
  ['config', 'gear'],
  ['email', 'envelope'],
  ['notification', 'bell'],
  ['error', 'triangle-exclamation'],
  ['crash', 'triangle-exclamation'],
];

export const DEFAULT_CLUSTER_ICON = 'circle-question';

export function clusterIcon(label: string): string {
  const words = label.toLowerCase().split(/[^\p{L}\p{N}]+/u);
  for (const [prefix, icon] of ICONS) if (words.some((word) => word.startsWith(prefix))) return icon;
  return DEFAULT_CLUSTER_ICON;
}
