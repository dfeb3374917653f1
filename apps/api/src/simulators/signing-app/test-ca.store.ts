import type { Db } from '../../db/client.js';
import {
  createTestCa,
  issueCrl,
  issueSigningCertificate,
  loadTestCa,
  type CrlReason,
  type StoredTestCa,
  type TestCa,
} from './test-ca.js';
import { storedSetting } from '../../modules/system/stored-setting.js';
import type { TestResident } from '../idp/residents.js';
import type { SigningAppRepository } from './signing-app.repository.js';

export interface ResidentCertificate {
  certificatePem: string;
  privateKeyPem: string;
  serial: string;
  chainPems: string[];
}

/**
 * The local test CA of the development signing app, kept in app_settings so that every process and
 * every restart signs with the same CA and the same resident keys.
 */
export function createTestCaStore(deps: {
  db: Db;
  revocations: SigningAppRepository;
  crlUrl: string;
  clock: () => Date;
}) {
  let ca: Promise<TestCa> | null = null;

  function testCa(): Promise<TestCa> {
    ca ??= storedSetting(deps.db, 'dev-test-ca', async () =>
      JSON.stringify((await createTestCa({ name: 'Portal Test JPKI CA', now: deps.clock() })).stored),
    ).then((json) => loadTestCa(JSON.parse(json) as StoredTestCa));
    ca.catch(() => (ca = null));
    return ca;
  }

  return {
    testCa,
    /** The resident's signing certificate and key, issued once (throws NoSigningCertificateError under 15). */
    async certificateOf(resident: TestResident): Promise<ResidentCertificate> {
      const authority = await testCa();
      const json = await storedSetting(deps.db, `dev-test-ca:signing:${resident.subject}`, async () => {
        const issued = await issueSigningCertificate(
          authority,
          {
            subject: resident.subject,
            last_name: resident.lastName,
            first_name: resident.firstName,
            birth_date: resident.birthDate,
            sex: resident.sex as 'male' | 'female',
            address: resident.address,
          },
          { now: deps.clock(), crlUrl: deps.crlUrl },
        );
        return JSON.stringify({
          certificatePem: issued.certificatePem,
          privateKeyPem: issued.privateKeyPem,
          serial: issued.serial,
          chainPems: issued.chainPems,
        } satisfies ResidentCertificate);
      });
      return JSON.parse(json) as ResidentCertificate;
    },
    /** The current CRL of the issuing CA (signed fresh on every request, valid for a day). */
    async crlPem(): Promise<string> {
      const revoked = await deps.revocations.revocations();
      const crl = await issueCrl(
        await testCa(),
        revoked.map((r) => ({
          serial: r.serial,
          revokedAt: r.revokedAt,
          ...(r.reason ? { reason: r.reason as CrlReason } : {}),
        })),
        { now: deps.clock(), nextUpdateHours: 24 },
      );
      return crl.pem;
    },
  };
}
export type TestCaStore = ReturnType<typeof createTestCaStore>;
