// Writes the organization file's published JSON Schema (shared/orgfile/org-file.schema.json) from its TypeBox schema.
//   node scripts/write-org-file-schema.ts
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { orgFileSchemaJson } from '../shared/orgfile/schema.ts';

const target = join(import.meta.dirname, '..', 'shared', 'orgfile', 'org-file.schema.json');
writeFileSync(target, orgFileSchemaJson());
console.log(`wrote ${target}`);
