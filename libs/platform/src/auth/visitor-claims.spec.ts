import { visitorClaimsOf } from './visitor-claims';

describe('visitorClaimsOf', () => {
  it("keeps what the token says of the visitor, without the JWT's registered claims", () =>
    expect(visitorClaimsOf({ iss: 'i', sub: 's', aud: 'a', exp: 1, nbf: 1, iat: 1, jti: 'j', beta: true, organization: 'o1' })).toEqual({ beta: true, organization: 'o1' }));
});
