/**
 * Names the server and every client share, declared once (no zod here: the web shell imports this
 * without the route table). HTTP header names are case-insensitive; Node lowercases them.
 */

/** The municipality a call under `/municipalities/{code}/` is for; must equal the path's code. */
export const REGION_HEADER = 'X-Region-Code';
/** This browser's CSRF token (an empty value on calls made before any session). */
export const CSRF_HEADER = 'X-CSRF-Token';
/** Where the production API and staging's (the same routes on staging's data) are mounted (decision 0006). */
export const API_PREFIX = '/api';
export const STAGING_API_PREFIX = '/stg-api';
/** Staging's web areas: `/stg/`, `/stg/staff/`, `/stg/mastertool/`. */
export const STAGING_WEB_PREFIX = '/stg';
