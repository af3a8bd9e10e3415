// Usage: {{#if (eq a b)}}, {{#if (not x)}}, {{#if (and a b)}}, {{#if (or a b)}}, {{#if (gt a b)}}, {{#if (lt a b)}}
import type { HelperDefinition } from './types.js';

function positional(args: unknown[]): unknown[] {
  return args.slice(0, -1);
}

export const eqHelper: HelperDefinition = {
  name: 'eq',
  usage: '{{#if (eq a b)}}',
  signature: {
    params: [
      { name: 'a', type: 'any' },
      { name: 'b', type: 'any' },
    ],
    returns: 'boolean',
  },
  create:
    () =>
    (...a: unknown[]) => {
      const [x, y] = positional(a);
      return x === y || (x != null && y != null && String(x) === String(y));
    },
};
export const notHelper: HelperDefinition = {
  name: 'not',
  usage: '{{#if (not x)}}',
  signature: { params: [{ name: 'value', type: 'any' }], returns: 'boolean' },
  create:
    () =>
    (...a: unknown[]) =>
      !positional(a)[0],
};
export const andHelper: HelperDefinition = {
  name: 'and',
  usage: '{{#if (and a b)}}',
  signature: { params: [], rest: 'any', returns: 'boolean' },
  create:
    () =>
    (...a: unknown[]) =>
      positional(a).every(Boolean),
};
export const orHelper: HelperDefinition = {
  name: 'or',
  usage: '{{#if (or a b)}}',
  signature: { params: [], rest: 'any', returns: 'boolean' },
  create:
    () =>
    (...a: unknown[]) =>
      positional(a).some(Boolean),
};
export const gtHelper: HelperDefinition = {
  name: 'gt',
  usage: '{{#if (gt a b)}}',
  signature: {
    params: [
      { name: 'a', type: 'number' },
      { name: 'b', type: 'number' },
    ],
    returns: 'boolean',
  },
  create:
    () =>
    (...a: unknown[]) => {
      const [x, y] = positional(a);
      return Number(x) > Number(y);
    },
};
export const ltHelper: HelperDefinition = {
  name: 'lt',
  usage: '{{#if (lt a b)}}',
  signature: {
    params: [
      { name: 'a', type: 'number' },
      { name: 'b', type: 'number' },
    ],
    returns: 'boolean',
  },
  create:
    () =>
    (...a: unknown[]) => {
      const [x, y] = positional(a);
      return Number(x) < Number(y);
    },
};
