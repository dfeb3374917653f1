import { z } from 'zod';
import { Ok } from '../common.js';
import { LoginRequest, LoginStatus } from '../accounts.js';
import { ProcedureGroupConfiguration } from '../configuration.js';
import * as MT from '../mastertool.js';
import { GroupFunnel } from '../funnel.js';
import { route } from './define.js';

const MT_PREFIX = '/api/mastertool';
const MM = `${MT_PREFIX}/municipalities/{code}`;
const operator = 'operator' as const;
const ManagerQuery = z.object({ reflection_manager_id: z.coerce.number().int().positive() });

export const ReflectRequest = z.object({
  /**
   * Staging: absent publishes the draft as the next version; a number makes that staging version live
   * again (rollback). Production: the staging version to take (absent: the one staging serves).
   */
  version: z.number().int().min(1).optional(),
});

/** Diff query: a staging version to compare with the environment's live one (absent: see the route). */
export const DiffQuery = z.object({ version: z.coerce.number().int().positive().optional() });

export const mastertoolRoutes = [
  route({
    id: 'operator.login',
    method: 'POST',
    path: `${MT_PREFIX}/login/`,
    audience: 'public',
    tag: 'mastertool',
    csrf: 'empty',
    summary: 'Operator sign-in (rate limited)',
    body: LoginRequest,
    response: LoginStatus,
  }),
  route({
    id: 'operator.logout',
    method: 'POST',
    path: `${MT_PREFIX}/logout/`,
    audience: operator,
    tag: 'mastertool',
    summary: 'Operator sign-out',
    response: Ok,
  }),
  route({
    id: 'operator.login.status',
    method: 'GET',
    path: `${MT_PREFIX}/login/status/`,
    audience: 'public',
    tag: 'mastertool',
    summary: 'Whether an operator is signed in',
    response: LoginStatus,
  }),
  route({
    id: 'operator.municipalities',
    method: 'GET',
    path: `${MT_PREFIX}/municipalities/`,
    audience: operator,
    tag: 'mastertool',
    summary: 'Municipality list',
    response: MT.MasterToolMunicipalityList,
  }),
  route({
    id: 'operator.reflection_managers.list',
    method: 'GET',
    path: `${MM}/reflection-managers/`,
    audience: operator,
    tag: 'mastertool',
    summary: 'Reflection managers with each environment’s state',
    response: MT.ReflectionManagerList,
  }),
  route({
    id: 'operator.reflection_managers.get',
    method: 'GET',
    path: `${MM}/reflection-managers/{reflectionManagerId}/`,
    audience: operator,
    tag: 'mastertool',
    summary: 'One reflection manager',
    response: MT.ReflectionManager,
  }),
  route({
    id: 'operator.funnel',
    method: 'GET',
    path: `${MM}/procedure-groups/{procedureGroupId}/funnel/`,
    audience: operator,
    tag: 'mastertool',
    summary:
      'Where residents give up: how many applications reached each step and assistant page, per published version',
    response: GroupFunnel,
  }),
  route({
    id: 'operator.material_templates',
    method: 'GET',
    path: `${MM}/material-templates/procedure-group/`,
    audience: operator,
    tag: 'mastertool',
    summary: 'Reusable configuration pieces',
    response: MT.MaterialTemplateList,
  }),
  route({
    id: 'operator.procedure_group.get',
    method: 'GET',
    path: `${MM}/reflection-managers/procedure-group/`,
    audience: operator,
    tag: 'mastertool',
    summary: 'Draft of a procedure group',
    query: ManagerQuery,
    response: MT.ProcedureGroupDraft,
  }),
  route({
    id: 'operator.procedure_group.create',
    method: 'POST',
    path: `${MM}/reflection-managers/procedure-group/`,
    audience: operator,
    tag: 'mastertool',
    summary: 'Creates a procedure group draft',
    body: z.object({ procedure_group: ProcedureGroupConfiguration }),
    response: MT.ProcedureGroupDraft,
    successStatus: 201,
  }),
  route({
    id: 'operator.procedure_group.create_new',
    method: 'POST',
    path: `${MM}/reflection-managers/procedure-group/new/`,
    audience: operator,
    tag: 'mastertool',
    summary: 'Creates a procedure group draft from a minimal skeleton, named by the operator',
    body: MT.NewProcedureGroupRequest,
    response: MT.ProcedureGroupDraft,
    successStatus: 201,
  }),
  route({
    id: 'operator.procedure_group.copy',
    method: 'POST',
    path: `${MM}/reflection-managers/procedure-group/copy/`,
    audience: operator,
    tag: 'mastertool',
    summary:
      'Copies the draft of a procedure group (of any municipality) into this municipality as a new draft',
    body: MT.CopyProcedureGroupRequest,
    response: MT.ProcedureGroupDraft,
    successStatus: 201,
  }),
  route({
    id: 'operator.procedure_group.update',
    method: 'PUT',
    path: `${MM}/reflection-managers/procedure-group/`,
    audience: operator,
    tag: 'mastertool',
    summary: 'Saves a procedure group draft',
    query: ManagerQuery,
    body: z.object({ procedure_group: ProcedureGroupConfiguration }),
    response: MT.ProcedureGroupDraft,
  }),
  route({
    id: 'operator.reflect',
    method: 'PUT',
    path: `${MM}/reflection-managers/{reflectionManagerId}/procedure-group/`,
    audience: operator,
    tag: 'mastertool',
    summary: 'Reflects the draft (or a staging version) to this environment',
    body: ReflectRequest,
    response: MT.ReflectionManager,
  }),
  route({
    id: 'operator.reflection_managers.history',
    method: 'GET',
    path: `${MM}/reflection-managers/{reflectionManagerId}/history/`,
    audience: operator,
    tag: 'mastertool',
    summary: 'Versions staging has and the reflections of each environment, with who and when',
    response: MT.ReflectionHistory,
  }),
  route({
    id: 'operator.reflection_managers.diff',
    method: 'GET',
    path: `${MM}/reflection-managers/{reflectionManagerId}/diff/`,
    audience: operator,
    tag: 'mastertool',
    summary:
      'What reflecting would change here: on staging the draft (or ?version=) against staging’s live version; on production staging’s live version (or ?version=) against production’s',
    query: DiffQuery,
    response: MT.ReflectionDiff,
  }),
  route({
    id: 'operator.reference_data',
    method: 'GET',
    path: `${MM}/reference-data/`,
    audience: operator,
    tag: 'mastertool',
    summary: 'Reference data for the editor',
    response: MT.ReferenceData,
  }),
];
