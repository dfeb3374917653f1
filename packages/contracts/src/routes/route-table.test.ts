import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { pathParamNames, routeById, routeTable, type RouteDef } from '../index.js';

const routes = routeTable as readonly RouteDef[];

describe('route table', () => {
  it('has unique ids and unique method + path pairs', () => {
    expect(new Set(routes.map((r) => r.id)).size).toBe(routes.length);
    expect(new Set(routes.map((r) => `${r.method} ${r.path}`)).size).toBe(routes.length);
  });

  it('declares request and response schemas for every route', () => {
    for (const r of routes) {
      expect(r.response, r.id).toBeInstanceOf(z.ZodType);
      if (pathParamNames(r.path).length > 0) expect(r.params, r.id).toBeInstanceOf(z.ZodObject);
      if (r.method === 'POST' || r.method === 'PUT') {
        // A write without a body declares it so: either a schema, multipart, or an explicit null on body-less actions.
        expect(r.body === null || r.body === 'multipart' || r.body instanceof z.ZodType, r.id).toBe(true);
      }
      expect(r.summary.length, r.id).toBeGreaterThan(5);
    }
  });

  it('requires CSRF on every write except the few made before any session exists', () => {
    const empty = routes
      .filter((r) => r.csrf === 'empty')
      .map((r) => r.id)
      .sort();
    expect(empty).toEqual([
      'applicant.notifications.unsubscribe',
      'operator.login',
      'staff.accounts.create',
      'staff.invitation.open',
      'staff.login',
      'staff.password_reset.confirm',
      'staff.password_reset.open',
      'staff.password_reset.request',
    ]);
    // A write without CSRF is a core system's bearer-key call, and only that (decision 0057).
    const bearerWrites = routes.filter((r) => r.method !== 'GET' && r.csrf === 'none').map((r) => r.id);
    expect(bearerWrites).toEqual(['integration.documents.status']);
    for (const r of routes) {
      expect(r.csrf === 'none', r.id).toBe(r.method === 'GET' || r.audience === 'integration');
    }
  });

  it('covers every call of spec section 7', () => {
    const spec = [
      'GET /api/municipalities/{code}/',
      'GET /api/municipalities/{code}/concierge-filter/',
      'POST /api/municipalities/{code}/concierge-filter/concierge-values/',
      'POST /api/municipalities/{code}/concierge-values/',
      'PUT /api/municipalities/{code}/applications/{applicationId}/concierge-values/',
      'DELETE /api/municipalities/{code}/applications/{applicationId}/procedure-attaches/',
      'POST /api/municipalities/{code}/applications/{applicationId}/basic-four-information/',
      'GET /api/municipalities/{code}/applications/{applicationId}/mynaportal/self-information/status/',
      'POST /api/municipalities/{code}/render/applicant/{applicationId}/',
      'GET /api/applicant/login/',
      'DELETE /api/applicant/user-service-statuses/{userServiceStatusId}/',
      'GET /api/callback/miid/temporary/',
      'GET /api/addresses/',
      'POST /api/validate/person-name/',
      'PUT /api/municipalities/{code}/documents/{documentId}/status/',
      'PUT /api/municipalities/{code}/workflow-details/{workflowDetailId}/status/',
      'GET /api/municipalities/{code}/applications/{applicationId}/signature-digital-certified/zip/{documentId}/',
      'DELETE /api/municipalities/{code}/documents-delete/',
      'GET /api/municipalities/{code}/exported/zip/{jobId}/',
      'POST /api/mastertool/login/',
      'PUT /api/mastertool/municipalities/{code}/reflection-managers/{reflectionManagerId}/procedure-group/',
      'GET /api/mastertool/municipalities/{code}/reference-data/',
    ];
    const present = new Set(routes.map((r) => `${r.method} ${r.path}`));
    for (const call of spec) expect(present.has(call), call).toBe(true);
    expect(routes.length).toBeGreaterThanOrEqual(90);
  });

  it('rejects bad input with the route schemas', () => {
    const create = routeById('applicant.application.create');
    expect(create.body.safeParse({ procedure_group_id: 1, concierge_option_ids: [1, 2] }).success).toBe(true);
    expect(create.body.safeParse({ procedure_group_id: -1, concierge_option_ids: [] }).success).toBe(false);
    expect(create.body.safeParse({ procedure_group_id: 1, concierge_option_ids: ['x'] }).success).toBe(false);
    const login = routeById('staff.login');
    expect(login.body.safeParse({ login_id: '', password: 'x' }).success).toBe(false);
    const status = routeById('staff.documents.status');
    expect(status.body.safeParse({ status: 'remanded' }).success).toBe(false);
    expect(status.body.safeParse({ status: 'remanded', remand_message: '印鑑をお願いします' }).success).toBe(
      true,
    );
    expect(status.body.safeParse({ status: 'flying' }).success).toBe(false);
    const exp = routeById('staff.export.create');
    expect(
      exp.body.safeParse({ start_date: '2026-11-30', end_date: '2026-11-01', procedure_codes: ['x'] })
        .success,
    ).toBe(false);
    const params = routeById('staff.documents.get').params!;
    expect(params.safeParse({ code: '999999', documentId: 'not-a-uuid' }).success).toBe(false);
    expect(
      params.safeParse({ code: '99999', documentId: '00000000-0000-4000-8000-000000000000' }).success,
    ).toBe(false);
  });
});
