// Usage: {{date order.placed_at}}  → "22 Nov 2026" (UTC, en-GB style; empty for no value)
import type { HelperDefinition } from './types.js';

const format = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

export const dateHelper: HelperDefinition = {
  name: 'date',
  usage: '{{date order.placed_at}}',
  signature: { params: [{ name: 'value', type: 'date-time' }], returns: 'string' },
  create() {
    return function (...args: unknown[]) {
      const value = args.length > 1 ? args[0] : null;
      if (value === null || value === undefined || value === '') return '';
      const d = new Date(value as string);
      return Number.isNaN(d.getTime()) ? '' : format.format(d);
    };
  },
};
