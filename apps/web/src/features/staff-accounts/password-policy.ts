// The staff password policy (contracts' Password: 12 to 128 characters with a letter and a digit) as
// checks a screen can show one by one while the person types.

export type PolicyRule = 'length' | 'letter' | 'digit' | 'max';

export function passwordChecks(password: string): Record<PolicyRule, boolean> {
  return {
    length: [...password].length >= 12,
    letter: /[A-Za-z]/.test(password),
    digit: /\d/.test(password),
    max: [...password].length <= 128,
  };
}

export const passwordOk = (password: string) => Object.values(passwordChecks(password)).every(Boolean);
