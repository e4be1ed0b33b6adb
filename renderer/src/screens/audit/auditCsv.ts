/**
 * The audit log as CSV (RFC 4180: comma-separated, CRLF lines, fields quoted when they hold a comma, a quote or a
 * line break): one line per event, newest first, as an auditor's spreadsheet reads it. A cell that a spreadsheet
 * would take for a formula (`=`, `+`, `-`, `@`, tab, carriage return first) gets a leading `'`, so that opening the
 * file never runs what someone typed into a title.
 */
import type { AuditEvent } from '../../../../shared/contract/resources/audit.ts';

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

/** One cell, neutralized and quoted as needed. */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

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
  const lines = [AUDIT_CSV_COLUMNS.join(','), ...events.map((e) => auditCsvRow(e).map(csvCell).join(','))];
  return lines.map((line) => `${line}\r\n`).join('');
}

/** The file name of an export: the organization's name and the day range, e.g. `audit-log-acme-docs-2026-11-27.csv`. */
export function auditCsvFileName(orgTitle: string, now: Date, from?: string, to?: string): string {
  const slug =
    orgTitle
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 40) || 'organization';
  const pad = (n: number) => String(n).padStart(2, '0');
  const today = `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
  const range = from !== undefined || to !== undefined ? `${from ?? 'start'}-to-${to ?? today}` : today;
  return `audit-log-${slug}-${range}.csv`;
}
