import { QueryClient } from '@tanstack/react-query';
import { isRedirect } from '@tanstack/react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiQueryKey } from '../api';

const assign = vi.fn(() => true);
vi.mock('../navigation/navigation-guard', () => ({ safeLocation: { assign } }));

const { applicantLoginUrl, authCheck, SignInError, skipScreen, steps } = await import('./guards');

afterEach(() => assign.mockClear());

function context(status: { is_logged_in: boolean; municipality_code: string | null }) {
  const queryClient = new QueryClient();
  queryClient.setQueryData(apiQueryKey('applicant.login.status'), { ...status, csrf_token: 'x'.repeat(43) });
  return { queryClient };
}

const at = (href: string) => ({ href, pathname: href.split('?')[0] ?? href });

describe('applicantLoginUrl', () => {
  it('starts sign-in at the API with the municipality and the way back', () => {
    expect(applicantLoginUrl('999999', '/municipalities/999999/applications?x=1')).toBe(
      '/api/applicant/login/?municipality_code=999999&return_to=%2Fmunicipalities%2F999999%2Fapplications%3Fx%3D1',
    );
  });

  it('on staging’s pages signs in at staging and comes back under /stg', () => {
    expect(applicantLoginUrl('999999', '/municipalities/999999/applications', 'staging')).toBe(
      '/stg-api/applicant/login/?municipality_code=999999&return_to=%2Fstg%2Fmunicipalities%2F999999%2Fapplications',
    );
    // A path that is staging's already (the signing app's way back) is kept as it is.
    expect(applicantLoginUrl('999999', '/stg/miid/temporary', 'staging')).toContain(
      'return_to=%2Fstg%2Fmiid%2Ftemporary',
    );
  });
});

describe('authCheck', () => {
  const params = { municipalityCode: '999999' };

  it('lets a resident signed in for this municipality through, adding the status', async () => {
    const result = await authCheck({
      context: context({ is_logged_in: true, municipality_code: '999999' }),
      params,
      location: at('/a'),
    });
    expect(result.loginStatus.is_logged_in).toBe(true);
    expect(assign).not.toHaveBeenCalled();
  });

  it('sends anyone else to sign-in, coming back to the page', async () => {
    const pending = authCheck({
      context: context({ is_logged_in: true, municipality_code: '999998' }),
      params,
      location: at('/municipalities/999999/applications'),
    });
    await vi.waitFor(() => expect(assign).toHaveBeenCalledOnce());
    expect(assign).toHaveBeenCalledWith(applicantLoginUrl('999999', '/municipalities/999999/applications'));
    void pending; // never settles: the browser leaves
  });

  it('does not leave while the router only preloads the route', async () => {
    const result = await authCheck({
      context: context({ is_logged_in: false, municipality_code: null }),
      params,
      location: at('/a'),
      preload: true,
    });
    expect(result.loginStatus.is_logged_in).toBe(false);
    expect(assign).not.toHaveBeenCalled();
  });

  it('after a sign-in that did not complete, raises SignInError instead of going round again', async () => {
    const error = await authCheck({
      context: context({ is_logged_in: false, municipality_code: null }),
      params,
      location: at('/municipalities/999999/applications?login_error=access_denied'),
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SignInError);
    expect((error as InstanceType<typeof SignInError>).code).toBe('access_denied');
    expect((error as InstanceType<typeof SignInError>).loginUrl).toBe(
      applicantLoginUrl('999999', '/municipalities/999999/applications'),
    );
    expect(assign).not.toHaveBeenCalled();
  });
});

describe('steps and skipScreen', () => {
  it('run in order, each seeing what the earlier added', async () => {
    const seen: unknown[] = [];
    const run = steps(
      () => ({ a: 1 }),
      ({ context }) => {
        seen.push((context as unknown as { a: number }).a);
        return { b: 2 };
      },
    );
    expect(await run({ context: { queryClient: new QueryClient() }, params: {}, location: at('/') })).toEqual(
      { a: 1, b: 2 },
    );
    expect(seen).toEqual([1]);
  });

  it('redirects to the named screen of the application, replacing the entry', async () => {
    const skip = skipScreen(() => 'form');
    const params = { municipalityCode: '999999', applicationId: 'abc' };
    const thrown = await skip({
      context: { queryClient: new QueryClient() },
      params,
      location: at('/'),
    }).catch((e: unknown) => e);
    expect(isRedirect(thrown)).toBe(true);
    expect((thrown as { options: { href: string; replace: boolean } }).options).toMatchObject({
      href: '/municipalities/999999/applications/abc/form',
      replace: true,
    });
    await expect(
      skipScreen(() => null)({ context: { queryClient: new QueryClient() }, params, location: at('/') }),
    ).resolves.toBeUndefined();
  });
});
