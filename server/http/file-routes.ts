/**
 * Routes outside the API contract that serve files the API hands out as URLs (a change request's print-ready
 * rendering behind its temporary PDF URL). They take no token: the URL itself is the short-lived credential.
 */
import type { FastifyInstance } from 'fastify';
import type { Services } from './context.ts';

export function registerFileRoutes(app: FastifyInstance, services: Services): void {
  void app;
  void services;
}
