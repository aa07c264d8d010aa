import { describe, expectTypeOf, it } from 'vitest';
import { moneyEndpoints } from './money.js';
import { postsEndpoints } from './posts.js';
import { usersEndpoints } from './users.js';
import type { EndpointInput } from './endpoint.js';

// Type-level checks: `tsc --noEmit -p packages/shared` (npm run typecheck) fails when one does not hold.
describe("an endpoint's input", () => {
  const form = new FormData();

  it('takes JSON or a form when the multipart endpoint takes JSON too', () => {
    type CreateCampaign = EndpointInput<typeof moneyEndpoints.createCampaign>;
    const body = { title: 'Roof', description: 'A new roof', goal: 100, ends_at: '2030-01-01', milestones: [] };
    expectTypeOf({ params: { id: 'atlas' }, body }).toExtend<CreateCampaign>();
    expectTypeOf({ params: { id: 'atlas' }, form }).toExtend<CreateCampaign>();
    // Not both at once, and not neither.
    expectTypeOf({ params: { id: 'atlas' }, body, form }).not.toExtend<CreateCampaign>();
    expectTypeOf({ params: { id: 'atlas' } }).not.toExtend<CreateCampaign>();
    expectTypeOf({ params: { id: 'atlas' }, form }).toExtend<EndpointInput<typeof moneyEndpoints.updateCampaign>>();
    expectTypeOf({ params: { id: 'x' }, body: { title: 'Roof' } }).toExtend<
      EndpointInput<typeof moneyEndpoints.updateCampaign>
    >();
    expectTypeOf({ body: { body: 'Hello' } }).toExtend<EndpointInput<typeof postsEndpoints.create>>();
  });

  it('takes only the form when the multipart endpoint takes no JSON', () => {
    type Avatar = EndpointInput<typeof usersEndpoints.avatar>;
    expectTypeOf({ form }).toExtend<Avatar>();
    expectTypeOf({ body: {} }).not.toExtend<Avatar>();
  });

  it('takes the JSON body of a JSON endpoint', () => {
    type Close = EndpointInput<typeof moneyEndpoints.closeCampaign>;
    expectTypeOf({ params: { id: 'x' } }).toExtend<Close>();
  });
});
