/** Errors thrown by the signature crypto library. Verification never throws for a bad signature: it reports problems. */

export class SignatureCryptoError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

/** JPKI issues no signing certificate to residents under 15 (on the issuance date, Japan time). */
export class NoSigningCertificateError extends SignatureCryptoError {
  constructor(
    readonly age: number,
    readonly minimumAge: number,
  ) {
    super(
      'no_signing_certificate_under_minimum_age',
      `no signing certificate is issued to residents under ${minimumAge}; the resident is ${age}`,
    );
  }
}

/** The resident record handed to the test CA is unusable (bad date, unknown sex, empty name...). */
export class InvalidResidentError extends SignatureCryptoError {
  constructor(message: string) {
    super('invalid_resident', message);
  }
}

/** A certificate carries JPKI subjectAltName entries that do not follow the profile. */
export class JpkiFactsError extends SignatureCryptoError {
  constructor(message: string) {
    super('malformed_jpki_facts', message);
  }
}

/** Bad input to a crypto helper: malformed PEM, a digest that is not SHA-256 hex, a non-RSA key... */
export class CryptoInputError extends SignatureCryptoError {
  constructor(message: string) {
    super('invalid_crypto_input', message);
  }
}
