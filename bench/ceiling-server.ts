// Child-process entry of the ceiling server (spawned by ceiling.ts with `node --import tsx`):
//   ceiling-server.ts <databaseUrl> <port> [themeDir]
// Loads the catalog once, closes the database, then serves from memory on 127.0.0.1:<port>.
import { createServer } from 'node:http';
import { starterThemeDir } from '../runtime/paths.js';
import { loadCatalogSnapshot } from './ceiling-data.js';
import { createCeilingApp } from './ceiling-app.js';

const [databaseUrl, port, themeDir] = process.argv.slice(2);
const data = await loadCatalogSnapshot(databaseUrl);
const app = createCeilingApp(themeDir || starterThemeDir, data);
const server = createServer(app.callback());
server.keepAliveTimeout = 5000; // as runtime/server.ts
server.listen(Number(port), '127.0.0.1');
const stop = () => server.close(() => process.exit(0));
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
