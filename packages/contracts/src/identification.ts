import { z } from 'zod';
import { IsoDateTime } from './common.js';
import { BasicFourInformationStatus } from './application.js';

/** The ways a resident can identify: My Number Card (JPKI, through the identity provider), basic four information, the national personal portal. */
export const IdentificationRoute = z.enum(['jpki', 'basic_four_information', 'mynaportal']);
export type IdentificationRoute = z.infer<typeof IdentificationRoute>;

/** Where an application stands on identification: the routes its procedure group allows and the outcome. */
export const IdentificationOverview = z.object({
  /** The routes this application's procedure group allows, in the order they are offered. */
  routes: z.array(IdentificationRoute),
  /** The route the resident identified by for this application, or null while not identified. */
  identified_by: IdentificationRoute.nullable(),
  identified_at: IsoDateTime.nullable(),
  /**
   * When this sign-in read the My Number Card (it identifies without a second reading), or null: signed
   * in otherwise, or the group does not accept the card route.
   */
  card_sign_in_at: IsoDateTime.nullable(),
  /** The basic-four-information check, with the attempts used and allowed. */
  basic_four: BasicFourInformationStatus.extend({
    attempts: z.number().int().min(0),
    max_attempts: z.number().int().min(1),
  }),
});
export type IdentificationOverview = z.infer<typeof IdentificationOverview>;
