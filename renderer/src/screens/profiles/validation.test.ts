import { describe, expect, it } from 'vitest';
import { baseUrlProblem, validateConnection, validateNewProfile, validateProfileName } from './validation.ts';

const valid = { name: 'Acme production', baseUrl: 'https://api.gitbook.com', token: 'gb_api_123' };

describe('validateNewProfile', () => {
  it('accepts a complete form', () => {
    expect(validateNewProfile(valid)).toEqual({});
  });

  it('names each missing field', () => {
    const errors = validateNewProfile({ name: '', baseUrl: '', token: '' });
    expect(errors.name).toBe('Name is required.');
    expect(errors.baseUrl).toBe('Base URL is required.');
    expect(errors.token).toBe('Token is required.');
  });

  it('applies the contract bounds of the name', () => {
    expect(validateNewProfile({ ...valid, name: 'x'.repeat(65) }).name).toBe(
      'Name can have at most 64 characters.',
    );
    expect(validateNewProfile({ ...valid, name: '   ' }).name).toMatch(/visible character/);
    expect(validateNewProfile({ ...valid, name: 'evil\u202Ename' }).name).toMatch(
      /bidirectional formatting character U\+202E/,
    );
  });

  it('refuses base URLs that are not absolute http(s) URLs', () => {
    expect(validateNewProfile({ ...valid, baseUrl: 'api.gitbook.com' }).baseUrl).toMatch(/absolute URL/);
    expect(validateNewProfile({ ...valid, baseUrl: 'file:///etc/passwd' }).baseUrl).toMatch(/https:\/\//);
    expect(baseUrlProblem('https://user:secret@example.com')).toMatch(/token field/);
    expect(baseUrlProblem('http://127.0.0.1:8080')).toBeUndefined();
  });

  it('never echoes the token in a message', () => {
    const token = 'x'.repeat(5000);
    const errors = validateNewProfile({ ...valid, token });
    expect(errors.token).toBe('Token can have at most 4096 characters.');
    expect(JSON.stringify(errors)).not.toContain('xxxxxxxx');
  });
});

describe('validateConnection', () => {
  it('checks only the base URL and the token', () => {
    expect(validateConnection({ baseUrl: 'https://a.example', token: 't' })).toEqual({});
    expect(Object.keys(validateConnection({ baseUrl: '', token: '' })).sort()).toEqual(['baseUrl', 'token']);
  });
});

describe('validateProfileName', () => {
  it('uses the rename bounds', () => {
    expect(validateProfileName('Staging')).toBeUndefined();
    expect(validateProfileName('')).toBe('Name is required.');
  });
});
