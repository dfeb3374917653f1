import { ErrorCode, errorStatus } from '@portal/contracts';
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { changeLanguage, createI18n } from '../i18n';
import { en } from '../i18n/en';
import { ja } from '../i18n/ja';
import {
  ERROR_KINDS,
  errorFields,
  errorKind,
  errorText,
  fieldErrorTexts,
  isSignInEnded,
  SERVER_ERROR_CODES,
} from './error-text';
import { ApiError, CSRF_TOKEN_MISSING, ParseError } from './errors';

const failure = (code: string, status = errorStatus[code as ErrorCode] ?? 400, field?: string) =>
  new ApiError(status, [{ code, message: `SERVER TEXT ${code}`, ...(field ? { field } : {}) }]);

const ja_ = createI18n('ja');
const tJa = ja_.t.bind(ja_) as TFunction;
const en_ = createI18n('ja');
await changeLanguage(en_, 'en', undefined);
const tEn = en_.t.bind(en_) as TFunction;

const japanese = /[\u3040-\u30ff\u4e00-\u9fff]/;

describe('the error vocabulary', () => {
  it('knows every error code of the API, and nothing else', () => {
    expect([...SERVER_ERROR_CODES].sort()).toEqual([...ErrorCode.options].sort());
  });

  // Every code the API can return, plus the client's own network and parse failures: a text in both
  // languages, for a resident (no code, no English inside the Japanese), and the English really English.
  for (const kind of [...ErrorCode.options, 'network', 'parse', 'unknown'] as const) {
    it(`has a Japanese and an English text for ${kind}`, () => {
      const jaText = (ja.errors.codes as Record<string, string | undefined>)[kind];
      const enText = (en.errors.codes as Record<string, string | undefined>)[kind];
      expect(jaText, `ja ${kind}`).toBeTruthy();
      expect(enText, `en ${kind}`).toBeTruthy();
      expect(enText).not.toBe(jaText);
      expect(jaText).toMatch(japanese);
      expect(jaText).not.toMatch(/[A-Za-z]/);
      expect(enText).not.toMatch(japanese);
      expect(jaText).not.toContain(kind);
      expect(enText).not.toContain(kind);
      expect(ERROR_KINDS).toContain(kind);
    });
  }

  it('has no text for a code the API does not have', () => {
    expect(Object.keys(ja.errors.codes).sort()).toEqual([...ERROR_KINDS].sort());
    expect(Object.keys(en.errors.codes).sort()).toEqual([...ERROR_KINDS].sort());
  });
});

describe('errorKind', () => {
  it('is the code of the first problem', () => {
    for (const code of ErrorCode.options) expect(errorKind(failure(code))).toBe(code);
  });

  it('falls back on the status when the body names no code we know', () => {
    expect(errorKind(new ApiError(401, []))).toBe('unauthenticated');
    expect(errorKind(new ApiError(404, [{ code: 'unknown', message: 'x' }]))).toBe('not_found');
    expect(errorKind(new ApiError(413, []))).toBe('payload_too_large');
    expect(errorKind(new ApiError(502, []))).toBe('unavailable');
    expect(errorKind(new ApiError(500, []))).toBe('internal_error');
    expect(errorKind(new ApiError(418, []))).toBe('unknown');
  });

  it('tells the client’s own failures apart', () => {
    expect(errorKind(new ApiError(0, []))).toBe('network');
    expect(errorKind(new ParseError('applicant.home', []))).toBe('parse');
    expect(errorKind(new Error(CSRF_TOKEN_MISSING))).toBe('network');
    expect(errorKind(new TypeError('x is undefined'))).toBe('unknown');
    expect(errorKind('a string')).toBe('unknown');
  });
});

describe('errorText', () => {
  it('never shows the server’s message, in either language', () => {
    for (const code of ErrorCode.options) {
      for (const t of [tJa, tEn]) {
        const text = errorText(failure(code), t);
        expect(text).not.toContain('SERVER TEXT');
        expect(text).not.toContain(code);
      }
      expect(errorText(failure(code), tJa)).toBe(ja.errors.codes[code]);
      expect(errorText(failure(code), tEn)).toBe(en.errors.codes[code]);
    }
  });

  it('says the sign-in has ended and what to do', () => {
    const ended = failure('unauthenticated');
    expect(errorText(ended, tJa)).toBe('サインインの有効期限が切れました。もう一度サインインしてください。');
    expect(errorText(ended, tEn)).toBe('Your sign-in has ended. Please sign in again.');
    expect(isSignInEnded(ended)).toBe(true);
    expect(isSignInEnded(failure('forbidden'))).toBe(false);
  });

  it('takes the screen’s own text for a kind it knows, and the vocabulary for the rest', () => {
    const context = { unsupported_media_type: 'JPEG、PNG、PDF のファイルを選んでください。' };
    expect(errorText(failure('unsupported_media_type'), tJa, context)).toBe(context.unsupported_media_type);
    expect(errorText(failure('payload_too_large'), tJa, context)).toBe(ja.errors.codes.payload_too_large);
  });

  it('has texts for network and parse failures', () => {
    expect(errorText(new ApiError(0, []), tJa)).toBe(ja.errors.codes.network);
    expect(errorText(new ParseError('x', []), tEn)).toBe(en.errors.codes.parse);
    expect(errorText(new Error('Cannot read properties of undefined'), tJa)).toBe(ja.errors.codes.unknown);
  });
});

describe('field errors', () => {
  const error = new ApiError(400, [
    { code: 'validation_failed', message: 'must match ^0\\d{9,10}$', field: 'applicant_phone' },
    { code: 'validation_failed', message: 'required', field: 'applicant_name' },
    { code: 'validation_failed', message: 'again', field: 'applicant_phone' },
    { code: 'validation_failed', message: 'no field' },
  ]);

  it('names the fields once each, in the server’s order', () => {
    expect(errorFields(error)).toEqual(['applicant_phone', 'applicant_name']);
    expect(errorFields(new Error('x'))).toEqual([]);
  });

  it('shows the screen’s own check, else the vocabulary’s field text', () => {
    expect(fieldErrorTexts(error, tJa, { applicant_name: '氏名を入力してください。' })).toEqual({
      applicant_phone: 'この項目の入力内容を確認してください。',
      applicant_name: '氏名を入力してください。',
    });
    expect(fieldErrorTexts(error, tEn).applicant_phone).toBe(en.errors.field);
  });
});
