import { responseDefaults } from './defaults.js';
import { contract } from './index.js';
import type { EndpointRef } from './refs.js';

type Row = Omit<EndpointRef, never>;

/** The contract as plain references (domain → name → method, path, auth…), as `endpoints` holds it. */
export function endpointTable(): Record<string, Record<string, Row>> {
  const table: Record<string, Record<string, Row>> = {};
  for (const [domain, entries] of Object.entries(contract)) {
    const rows: Record<string, Row> = {};
    for (const [name, ep] of Object.entries(entries)) {
      rows[name] = {
        domain,
        name,
        method: ep.method,
        path: ep.path,
        auth: ep.auth,
        status: ep.status,
        bodyType: ep.bodyType,
        responseType: ep.responseType,
      };
      const defaults = ep.responseType === 'json' ? responseDefaults(ep.response) : undefined;
      if (defaults) (rows[name] as { responseDefaults?: unknown }).responseDefaults = defaults;
    }
    table[domain] = rows;
  }
  return table;
}
