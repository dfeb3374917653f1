// The municipality of the current screen: the router sets it from `/municipalities/{code}` (applicants)
// or from the signed-in area (staff); the API client sends it as X-Region-Code and fills `{code}` with it.

let current: string | null = null;

export function setCurrentMunicipality(code: string | null): void {
  current = code;
}

export function currentMunicipality(): string | null {
  return current;
}
