import type { ProcedureGroupConfiguration, StandardItem } from '@portal/contracts';

export type PermissionCode = 'administrator' | 'clerk' | 'viewer';

/** A staff member of the demo; every demo account signs in with DEMO_PASSWORD. */
export interface DemoStaff {
  email: string;
  last_name: string;
  first_name: string;
  last_name_kana: string;
  first_name_kana: string;
  permission: PermissionCode;
  department_codes: string[];
}

export interface DemoMunicipality {
  code: string;
  name: string;
  name_en: string;
  departments: { code: string; name: string }[];
  terms: { device: 'browser' | 'tablet'; title: string; body: string; updated_at: string }[];
  /** Configuration ids are explicit and unique per kind across the whole seed, so rules can name them. */
  procedure_groups: ProcedureGroupConfiguration[];
  staff: DemoStaff[];
}

/** A resident of the identity stand-in and of the demo resident registry (basic four information). */
export interface DemoResident {
  /** Stable OIDC subject. */
  subject: string;
  municipality_code: string;
  last_name: string;
  first_name: string;
  last_name_kana: string;
  first_name_kana: string;
  /** ISO date. */
  birth_date: string;
  sex: 'male' | 'female';
  postal_code: string;
  address: string;
  phone: string;
  /** Card PIN for the stand-in (4 digits for identification). */
  pin: string;
  /** The household in the registry: its id and the resident's relationship to its head (世帯主, 妻, 子). */
  household?: { id: string; relationship_to_head: string };
  /** 本籍 and 筆頭者 as the registry records them. */
  registered_domicile?: { address: string; head: string };
  /** The registered public funds account (公金受取口座): the PREFILL_CLAIMS.public_account names. */
  public_funds_account?: Record<string, string>;
}

export interface DemoOperator {
  login_id: string;
  name: string;
}

export interface DemoData {
  standard_items: StandardItem[];
  municipalities: DemoMunicipality[];
  residents: DemoResident[];
  operators: DemoOperator[];
}

/** The one password of every demo staff and operator account (listed in the README). */
export const DEMO_PASSWORD = 'demo-Password-2026';
