import { describe, expect, it } from 'vitest';
import { REDACTED, redactUrl, SECRET_QUERY_PARAMETERS } from './log-redaction.js';

const T = 'AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-abcd';

describe('addresses as they are logged', () => {
  it('hides the secrets of every address the issue names', () => {
    expect(redactUrl(`/staff/accounts/new?token=${T}&municipality=999999`)).toBe(
      `/staff/accounts/new?token=${REDACTED}&municipality=999999`,
    );
    expect(redactUrl(`/api/municipalities/999999/accounts/invitation/${T}/`)).toBe(
      `/api/municipalities/999999/accounts/invitation/${REDACTED}/`,
    );
    expect(redactUrl(`/stg-api/municipalities/999999/accounts/invitation/${T}`)).toBe(
      `/stg-api/municipalities/999999/accounts/invitation/${REDACTED}`,
    );
    expect(redactUrl(`/api/applicant/login/callback/?code=${T}&state=s-${T}&iss=http%3A%2F%2Fidp`)).toBe(
      `/api/applicant/login/callback/?code=${REDACTED}&state=${REDACTED}&iss=http%3A%2F%2Fidp`,
    );
    expect(redactUrl(`/stg/staff/password-reset?token=${T}&municipality=999999`)).toBe(
      `/stg/staff/password-reset?token=${REDACTED}&municipality=999999`,
    );
  });

  it('hides every listed parameter whatever its case or encoding, and keeps the rest as sent', () => {
    for (const name of SECRET_QUERY_PARAMETERS) {
      expect(redactUrl(`/x?${name}=${T}`), name).toBe(`/x?${name}=${REDACTED}`);
      expect(redactUrl(`/x?${name.toUpperCase()}=${T}`)).not.toContain(T);
    }
    expect(redactUrl(`/x?%74oken=${T}`)).toBe(`/x?%74oken=${REDACTED}`);
    // A name that does not decode is treated as a secret: its value is hidden.
    expect(redactUrl(`/x?%E0%A4%A=${T}`)).toBe(`/x?%E0%A4%A=${REDACTED}`);
    expect(redactUrl(`/x?a=1&token=${T}&token=${T}2#frag`)).toBe(
      `/x?a=1&token=${REDACTED}&token=${REDACTED}`,
    );
    // Addresses without secrets are kept whole: the invitation calls that carry none, paths, other values.
    for (const plain of [
      '/api/municipalities/999999/accounts/invitation/',
      '/api/municipalities/999999/accounts/invitation/session/',
      '/api/municipalities/999999/documents/?page=2&status=accepted',
      '/api/applicant/login/?municipality_code=999999&return_to=%2Fmunicipalities%2F999999',
      '/x?token',
    ]) {
      expect(redactUrl(plain), plain).toBe(plain);
    }
  });
});
