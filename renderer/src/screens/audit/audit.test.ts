/** The audit log's pure parts: its URL filters, its CSV, and where a target opens. */
import { describe, expect, it } from 'vitest';
import type { AuditEvent } from '../../../../shared/contract/resources/audit.ts';
import { AUDIT_CSV_COLUMNS, auditCsv, auditCsvFileName, csvCell } from './auditCsv.ts';
import { auditQueryFilters, isDay, isFiltered, parseAuditSearch, withFilter } from './auditSearch.ts';
import { newerThan } from './tail.ts';
import { needsDetails, targetLink, targetTypeLabel } from './targets.ts';

const event = (overrides: Partial<AuditEvent> = {}): AuditEvent => ({
  object: 'audit-event',
  id: 'ev1',
  occurredAt: '2026-11-27T10:00:00.000Z',
  action: 'space.updated',
  actor: { type: 'user', id: 'u1', label: 'Ada Lovelace' },
  source: 'api',
  target: { type: 'space', id: 's1', label: 'Handbook' },
  urls: { location: 'http://x/v1/orgs/o/audit-events/ev1' },
  ...overrides,
});

describe('the audit log URL filters', () => {
  it('keeps known filters and drops what is not one of their values', () => {
    expect(
      parseAuditSearch({
        action: ' space.updated ',
        actor: '',
        target: 'x'.repeat(129),
        from: '2026-02-30',
        to: '2026-11-27',
        other: 'y',
      }),
    ).toEqual({ action: 'space.updated', to: '2026-11-27' });
    expect(parseAuditSearch({ actor: 42, from: '2026-1-2' })).toEqual({});
  });

  it('checks calendar days', () => {
    expect(isDay('2024-02-29')).toBe(true);
    expect(isDay('2025-02-29')).toBe(false);
    expect(isDay('2025-13-01')).toBe(false);
  });

  it('turns days into the instants that start and end them, in local time', () => {
    const filters = auditQueryFilters({ from: '2026-11-01', to: '2026-11-27', action: 'team.created' });
    expect(filters.action).toBe('team.created');
    expect(new Date(filters.from!).getTime()).toBe(new Date(2026, 10, 1).getTime());
    expect(new Date(filters.to!).getTime()).toBe(new Date(2026, 10, 27, 23, 59, 59, 999).getTime());
    expect(auditQueryFilters({})).toEqual({});
  });

  it('sets and clears one filter', () => {
    const set = withFilter({ action: 'a.b' }, 'actor', ' u1 ');
    expect(set).toEqual({ action: 'a.b', actor: 'u1' });
    expect(isFiltered(set)).toBe(true);
    expect(withFilter(set, 'actor', '')).toEqual({ action: 'a.b' });
    expect(isFiltered({})).toBe(false);
  });
});

describe('the audit log CSV', () => {
  it('writes a header and one quoted line per event', () => {
    const csv = auditCsv([
      event(),
      event({
        id: 'ev2',
        actor: { type: 'system', id: 'system' },
        target: { type: 'team', id: 't1', label: 'Docs, "core"\nteam' },
      }),
    ]);
    const lines = csv.split('\r\n');
    expect(lines[0]).toBe(AUDIT_CSV_COLUMNS.join(','));
    expect(lines[1]).toBe('2026-11-27T10:00:00.000Z,space.updated,u1,Ada Lovelace,space,s1,Handbook,api');
    expect(csv).toContain('system,,team,t1,"Docs, ""core""\nteam",api\r\n');
    expect(csv.endsWith('\r\n')).toBe(true);
  });

  it('neutralizes cells a spreadsheet would run as formulas', () => {
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvCell('+1')).toBe("'+1");
    expect(csvCell('@sum')).toBe("'@sum");
    expect(csvCell('plain')).toBe('plain');
  });

  it('names the file after the organization and the days', () => {
    const now = new Date(2026, 10, 27);
    expect(auditCsvFileName('Acme Docs', now)).toBe('audit-log-acme-docs-2026-11-27.csv');
    expect(auditCsvFileName('  ', now, '2026-11-01')).toBe(
      'audit-log-organization-2026-11-01-to-2026-11-27.csv',
    );
  });
});

describe('where an audit event target opens', () => {
  it('opens spaces, teams and sites on their screens', () => {
    expect(targetLink({ type: 'space', id: 's1' })).toMatchObject({ params: { spaceId: 's1' } });
    expect(targetLink({ type: 'team', id: 't1' })).toMatchObject({ params: { teamId: 't1' } });
    expect(targetLink({ type: 'site', id: 'x' })?.to).toBe('/p/$profileId/orgs/$orgId/sites/$siteId');
  });

  it('opens a member in the members table searched for their name', () => {
    expect(targetLink({ type: 'member', id: 'u1', label: 'Ada' })).toMatchObject({ search: { q: 'Ada' } });
    expect(targetLink({ type: 'member', id: 'u1' })).toMatchObject({ search: {} });
  });

  it('opens a change request once the details name its space', () => {
    const target = { type: 'change_request', id: 'cr1' };
    expect(needsDetails(target)).toBe(true);
    expect(targetLink(target)).toBeUndefined();
    expect(targetLink(target, { space: 's1' })).toMatchObject({
      params: { spaceId: 's1', changeRequestId: 'cr1' },
    });
  });

  it('links nothing for targets without a screen', () => {
    expect(targetLink({ type: 'comment', id: 'c1' })).toBeUndefined();
    expect(targetLink({ type: 'site-section', id: 'x' })).toBeUndefined();
  });

  it('words target types', () => {
    expect(targetTypeLabel('change_request')).toBe('Change request');
    expect(targetTypeLabel('saml-provider')).toBe('SAML provider');
    expect(targetTypeLabel('openapi-spec')).toBe('OpenAPI spec');
  });
});

describe('the live tail', () => {
  const at = (id: string, occurredAt: string) => event({ id, occurredAt });
  const head = [
    at('e3', '2026-11-27T10:03:00.000Z'),
    at('e2', '2026-11-27T10:02:00.000Z'),
    at('e1', '2026-11-27T10:01:00.000Z'),
  ];

  it('counts the events before the first row shown', () => {
    expect(newerThan(head, head[2])).toBe(2);
    expect(newerThan(head, head[0])).toBe(0);
    expect(newerThan(head, undefined)).toBe(3);
  });

  it('counts by time when the first row is newer than the head, or older than all of it', () => {
    expect(newerThan(head, at('e4', '2026-11-27T10:04:00.000Z'))).toBe(0);
    expect(newerThan(head, at('e0', '2026-11-27T10:00:00.000Z'))).toBe(3);
  });
});
