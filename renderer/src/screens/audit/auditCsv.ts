/**
 * The audit log as CSV (RFC 4180: comma-separated, CRLF lines, fields quoted when they hold a comma, a quote or a
 * line break): one line per event, newest first, as an auditor's spreadsheet reads it. A cell that a spreadsheet
 * would take for a formula (`=`, `+`, `-`, `@`, tab, carriage return first) gets a leading `'`, so that opening the
 * file never runs what someone typed into a title.
 */
import type { AuditEvent } from '../../../../shared/contract/resources/audit.ts';
import { csvCell, csvLines, dayStamp, fileSlug } from '../../ui/csvFile.ts';

export { csvCell };

/** The columns of the export, in order. */
export const AUDIT_CSV_COLUMNS = [
  'occurredAt',
  'action',
  'actorId',
  'actorLabel',
  'targetType',
  'targetId',
  'targetLabel',
  'source',
] as const;

/** One event's cells, in `AUDIT_CSV_COLUMNS` order. */
export function auditCsvRow(event: AuditEvent): string[] {
  return [
    event.occurredAt,
    event.action,
    event.actor.id,
    event.actor.label ?? '',
    event.target.type,
    event.target.id,
    event.target.label ?? '',
    event.source,
  ];
}

/** The header line and one line per event, each ending with CRLF. */
export function auditCsv(events: readonly AuditEvent[]): string {
  return csvLines([AUDIT_CSV_COLUMNS, ...events.map(auditCsvRow)]);
}

/** The file name of an export: the organization's name and the day range, e.g. `audit-log-acme-docs-2026-11-27.csv`. */
export function auditCsvFileName(orgTitle: string, now: Date, from?: string, to?: string): string {
  const slug = fileSlug(orgTitle, 'organization');
  const today = dayStamp(now);
  const range = from !== undefined || to !== undefined ? `${from ?? 'start'}-to-${to ?? today}` : today;
  return `audit-log-${slug}-${range}.csv`;
}
