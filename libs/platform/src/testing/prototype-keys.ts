/**
 * Ids a caller can put in a path or body that name something on every plain object (`Object.prototype`'s
 * own keys, and `prototype`): a state or document looked up by key must not find anything under them.
 */
export const PROTOTYPE_KEYS = ['__proto__', 'constructor', 'hasOwnProperty', 'toString', 'valueOf', 'prototype'] as const;
