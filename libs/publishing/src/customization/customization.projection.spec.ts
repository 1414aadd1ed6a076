import { projectionSpec } from '@folio/platform/testing/projection-spec';
import { SiteEvent, siteStream } from '../sites/site.events';
import { CustomizationEvent, CustomizationSettings, customizationStream } from './customization.events';
import { customizationProjection, SITE_CUSTOMIZATIONS, SITE_SPACE_CUSTOMIZATIONS, SiteCustomizationDoc, SiteSpaceCustomizationDoc } from './customization.projection';

type Event = CustomizationEvent | SiteEvent;
const spec = projectionSpec<Event>(customizationProjection, {
  stream: (e) => (e.type.startsWith('SiteCustomization') || e.type.startsWith('SiteSpaceCustomization') ? customizationStream(e.data.siteId) : siteStream(e.data.siteId)),
});

const at = (n: number) => `2026-01-${String(n).padStart(2, '0')}T00:00:00.000Z`;
const ref = (siteId = 'site1') => ({ siteId, organizationId: 'o1' });

const replaced = (settings: CustomizationSettings, when = at(1), siteId = 'site1'): Event => ({ type: 'SiteCustomizationReplaced', data: { ...ref(siteId), settings, replacedAt: when } });
const overridden = (siteSpaceId: string, override: CustomizationSettings, when = at(2), siteId = 'site1'): Event => ({
  type: 'SiteSpaceCustomizationOverridden',
  data: { ...ref(siteId), siteSpaceId, override, overriddenAt: when },
});
const removed = (siteSpaceId: string, when = at(3)): Event => ({ type: 'SiteSpaceCustomizationRemoved', data: { ...ref(), siteSpaceId, removedAt: when } });
const siteSpaceRemoved = (siteSpaceId: string, siteId = 'site1'): Event => ({ type: 'SiteSpaceRemoved', data: { ...ref(siteId), siteSpaceId, removedAt: at(8) } });
const siteDeleted = (siteId: string): Event => ({ type: 'SiteDeleted', data: { ...ref(siteId), deletedAt: at(9) } });

const site = (settings: CustomizationSettings, logPosition: string, fields: Partial<SiteCustomizationDoc> = {}): SiteCustomizationDoc => ({
  id: 'site1',
  organizationId: 'o1',
  settings,
  updatedAt: at(1),
  logPosition,
  ...fields,
});
const siteSpace = (id: string, override: CustomizationSettings, logPosition: string, fields: Partial<SiteSpaceCustomizationDoc> = {}): SiteSpaceCustomizationDoc => ({
  id,
  siteId: 'site1',
  organizationId: 'o1',
  override,
  updatedAt: at(2),
  logPosition,
  ...fields,
});

const blue = { light: '#0000ff', dark: '#000088' };

/** Every event type, on two sites (the second deleted), with a removed override and a removed site space. */
const history: Event[] = [
  replaced({ title: 'Docs' }),
  overridden('ss1', { title: 'Docs FR' }),
  replaced({ title: 'Handbook', styling: { primaryColor: blue } }, at(3)),
  overridden('ss1', { title: 'Docs FR', themes: { default: 'dark' } }, at(4)),
  overridden('ss2', { favicon: { emoji: '🎉' } }, at(4)),
  overridden('ss3', { title: 'Docs DE' }, at(4)),
  removed('ss2', at(5)),
  siteSpaceRemoved('ss3'),
  replaced({ title: 'Other' }, at(2), 'site2'),
  overridden('ss9', { title: 'Other FR' }, at(2), 'site2'),
  siteDeleted('site2'),
];

describe('customization projection', () => {
  it("records a site's settings as set, and replaces them whole", async () => {
    await spec.given([replaced({ title: 'Docs', styling: { primaryColor: blue } })]).then(SITE_CUSTOMIZATIONS, [site({ title: 'Docs', styling: { primaryColor: blue } }, '1')]);
    await spec
      .given([replaced({ title: 'Docs', styling: { primaryColor: blue } }), replaced({ themes: { default: 'dark' } }, at(2))])
      .then(SITE_CUSTOMIZATIONS, [site({ themes: { default: 'dark' } }, '2', { updatedAt: at(2) })]);
  });

  it("records each site space's override, and removes one", () =>
    spec
      .given([overridden('ss1', { title: 'Docs FR' }), overridden('ss2', { title: 'Docs DE' }), overridden('ss1', { title: 'Docs FR', favicon: {} }, at(3)), removed('ss2', at(4))])
      .thenCollections({
        [SITE_CUSTOMIZATIONS]: [],
        [SITE_SPACE_CUSTOMIZATIONS]: [siteSpace('ss1', { title: 'Docs FR', favicon: {} }, '3', { updatedAt: at(3) })],
      }));

  it("drops a removed site space's override, and a deleted site's documents, and nothing else", () =>
    spec
      .given([
        replaced({ title: 'Docs' }),
        overridden('ss1', { title: 'A' }),
        overridden('ss2', { title: 'B' }),
        replaced({ title: 'Other' }, at(1), 'site2'),
        overridden('ss9', { title: 'C' }, at(2), 'site2'),
        siteSpaceRemoved('ss1'),
        siteSpaceRemoved('ss2', 'site2'),
        siteDeleted('site2'),
      ])
      .thenCollections({
        [SITE_CUSTOMIZATIONS]: [site({ title: 'Docs' }, '1')],
        [SITE_SPACE_CUSTOMIZATIONS]: [siteSpace('ss2', { title: 'B' }, '3')],
      }));

  it("finds a site's overrides on their index", () =>
    spec
      .given([overridden('ss2', {}), overridden('ss1', {}), overridden('ss9', {}, at(2), 'site2')])
      .thenFinds(SITE_SPACE_CUSTOMIZATIONS, { filter: { siteId: 'site1' } }, ['ss1', 'ss2']));

  it('is idempotent over its whole history', () => spec.given(history).thenIdempotent());

  it('is rebuilt from scratch to the same documents', () => spec.given(history).thenRebuildsIdentically());

  it('ends its whole history with these documents', () =>
    spec.given(history).thenCollections({
      [SITE_CUSTOMIZATIONS]: [site({ title: 'Handbook', styling: { primaryColor: blue } }, '3', { updatedAt: at(3) })],
      [SITE_SPACE_CUSTOMIZATIONS]: [siteSpace('ss1', { title: 'Docs FR', themes: { default: 'dark' } }, '4', { updatedAt: at(4) })],
    }));
});
