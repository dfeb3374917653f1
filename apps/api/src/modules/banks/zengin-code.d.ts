// The shape of the zengin-code package's data (CommonJS, no types of its own).
declare module 'zengin-code' {
  interface ZenginEntry {
    code: string;
    name: string;
    kana: string;
    hira: string;
    roma: string;
  }
  interface ZenginBank extends ZenginEntry {
    branches: Record<string, ZenginEntry>;
  }
  const banks: Record<string, ZenginBank>;
  export default banks;
}
