/** Object identifiers used by the JPKI profile, X.509 and CMS. */

export const JPKI_OID = {
  /** subjectAltName otherName arc for the four basic facts (基本4情報). */
  name: '1.2.392.200149.8.5.5.1',
  nameSubstitute: '1.2.392.200149.8.5.5.2',
  sex: '1.2.392.200149.8.5.5.3',
  birthDate: '1.2.392.200149.8.5.5.4',
  address: '1.2.392.200149.8.5.5.5',
  addressSubstitute: '1.2.392.200149.8.5.5.6',
  /** Certificate policy of the signing certificate (署名用電子証明書). Real cards carry the child .20. */
  policySigning: '1.2.392.200149.8.5.1.1',
  /** Certificate policy of the user authentication certificate (利用者証明用電子証明書). */
  policyAuthentication: '1.2.392.200149.8.5.1.3',
} as const;

export const X509_OID = {
  countryName: '2.5.4.6',
  stateOrProvinceName: '2.5.4.8',
  localityName: '2.5.4.7',
  organizationName: '2.5.4.10',
  organizationalUnitName: '2.5.4.11',
  commonName: '2.5.4.3',
  serialNumber: '2.5.4.5',
  subjectKeyIdentifier: '2.5.29.14',
  keyUsage: '2.5.29.15',
  subjectAltName: '2.5.29.17',
  basicConstraints: '2.5.29.19',
  crlNumber: '2.5.29.20',
  crlReason: '2.5.29.21',
  crlDistributionPoints: '2.5.29.31',
  certificatePolicies: '2.5.29.32',
  authorityKeyIdentifier: '2.5.29.35',
} as const;

export const ALG_OID = {
  sha256: '2.16.840.1.101.3.4.2.1',
  rsaEncryption: '1.2.840.113549.1.1.1',
  sha256WithRSAEncryption: '1.2.840.113549.1.1.11',
  sha384WithRSAEncryption: '1.2.840.113549.1.1.12',
  sha512WithRSAEncryption: '1.2.840.113549.1.1.13',
} as const;

export const CMS_OID = {
  data: '1.2.840.113549.1.7.1',
  signedData: '1.2.840.113549.1.7.2',
  signingTime: '1.2.840.113549.1.9.5',
} as const;

/** Signature algorithms accepted on certificates and CRLs (SHA-1 and MD5 are refused). */
export const ACCEPTED_SIGNATURE_ALGORITHMS: readonly string[] = [
  ALG_OID.sha256WithRSAEncryption,
  ALG_OID.sha384WithRSAEncryption,
  ALG_OID.sha512WithRSAEncryption,
];
