// `npm start`: the desktop app. Until its issue lands, say so in one line and point at what runs today.
import { existsSync } from 'node:fs';

if (!existsSync(new URL('../electron/main/index.ts', import.meta.url))) {
  console.error(
    'The desktop app is not built yet (it arrives with the desktop issue); run the embedded API with: npm run serve -- --demo',
  );
  process.exit(1);
}
