import { deciderSpec } from '@folio/platform/testing/decider-spec';
import { PROTOTYPE_KEYS } from '@folio/platform/testing/prototype-keys';
import { CustomizationCommand, customizationDecider } from './customization.decider';
import { CustomizationEvent, CustomizationSettings } from './customization.events';

const spec = deciderSpec(customizationDecider);
const now = '2026-01-01T00:00:00.000Z';
const ref = { siteId: 'site1', organizationId: 'o1' };

const replaced = (settings: CustomizationSettings): CustomizationEvent => ({ type: 'SiteCustomizationReplaced', data: { ...ref, settings, replacedAt: now } });
const overridden = (siteSpaceId: string, override: CustomizationSettings): CustomizationEvent => ({
  type: 'SiteSpaceCustomizationOverridden',
  data: { ...ref, siteSpaceId, override, overriddenAt: now },
});
const removed = (siteSpaceId: string): CustomizationEvent => ({ type: 'SiteSpaceCustomizationRemoved', data: { ...ref, siteSpaceId, removedAt: now } });

const replace = (settings: CustomizationSettings): CustomizationCommand => ({ type: 'ReplaceSiteCustomization', ...ref, settings, now });
const override = (siteSpaceId: string, changes: CustomizationSettings): CustomizationCommand => ({ type: 'OverrideSiteSpaceCustomization', ...ref, siteSpaceId, changes, now });
const remove = (siteSpaceId: string): CustomizationCommand => ({ type: 'RemoveSiteSpaceCustomization', ...ref, siteSpaceId, now });

const blue = { light: '#0000ff', dark: '#000088' };
const red = { light: '#ff0000', dark: '#880000' };

describe('customization decider', () => {
  describe('ReplaceSiteCustomization', () => {
    it('sets the settings of a site that had none, even to nothing but the defaults', () => {
      spec.given([]).when(replace({ title: 'Docs', styling: { primaryColor: blue } })).then([replaced({ title: 'Docs', styling: { primaryColor: blue } })]);
      spec.given([]).when(replace({})).then([replaced({})]);
    });

    it('replaces them whole: what is left out is not kept', () =>
      spec.given([replaced({ title: 'Docs', styling: { primaryColor: blue } })]).when(replace({ styling: { corners: 'straight' } })).then([replaced({ styling: { corners: 'straight' } })]));

    it('writes nothing when settings that read the same come: the defaults spelled out, or left out', () => {
      spec.given([replaced({ styling: { corners: 'straight' } })]).when(replace({ styling: { corners: 'straight', theme: 'clean' }, themes: { toggeable: true } })).then([]);
      spec.given([replaced({ styling: { corners: 'straight', theme: 'clean' } })]).when(replace({ styling: { corners: 'straight' } })).then([]);
      spec.given([replaced({ styling: { theme: 'clean' } })]).when(replace({ styling: { theme: 'muted' } })).then([replaced({ styling: { theme: 'muted' } })]);
    });

    it('writes nothing when the same settings come again, in any key order', () =>
      spec.given([replaced({ title: 'Docs', styling: { primaryColor: blue, corners: 'straight' } })]).when(replace({ styling: { corners: 'straight', primaryColor: { dark: '#000088', light: '#0000ff' } }, title: 'Docs' })).then([]));
  });

  describe('OverrideSiteSpaceCustomization', () => {
    it('starts an override with what is given', () =>
      spec.given([]).when(override('ss1', { title: 'Docs FR', styling: { primaryColor: red } })).then([overridden('ss1', { title: 'Docs FR', styling: { primaryColor: red } })]));

    it('merges into the override, group by group, leaving other site spaces alone', () =>
      spec
        .given([overridden('ss1', { title: 'Docs FR', styling: { primaryColor: red, corners: 'straight' } }), overridden('ss2', { title: 'Docs DE' })])
        .when(override('ss1', { styling: { primaryColor: blue }, themes: { default: 'dark' } }))
        .then([overridden('ss1', { title: 'Docs FR', styling: { primaryColor: blue, corners: 'straight' }, themes: { default: 'dark' } })]));

    it('replaces a value whole: a color, a favicon, a list of links', () =>
      spec
        .given([overridden('ss1', { favicon: { emoji: '🎉' }, header: { links: [{ title: 'A', to: null, links: [] }] } })])
        .when(override('ss1', { favicon: { icon: { light: 'https://a.test/l.png', dark: 'https://a.test/d.png' } }, header: { links: [] } }))
        .then([overridden('ss1', { favicon: { icon: { light: 'https://a.test/l.png', dark: 'https://a.test/d.png' } }, header: { links: [] } })]));

    it('removes what is set to null, and a group left empty', () =>
      spec
        .given([overridden('ss1', { title: 'Docs FR', styling: { primaryColor: red }, feedback: { enabled: true } })])
        .when(override('ss1', { title: null, styling: { primaryColor: null }, feedback: { enabled: null } }))
        .then([overridden('ss1', {})]));

    it('writes nothing when nothing differs, or when only nulls come for an override that is not there', () => {
      spec.given([overridden('ss1', { title: 'Docs FR' })]).when(override('ss1', { title: 'Docs FR', styling: { theme: null } })).then([]);
      spec.given([]).when(override('ss1', { title: null, styling: { primaryColor: null } })).then([]);
    });

    it('starts afresh after a removal', () =>
      spec.given([overridden('ss1', { title: 'Docs FR' }), removed('ss1')]).when(override('ss1', { themes: { toggeable: false } })).then([overridden('ss1', { themes: { toggeable: false } })]));
  });

  describe('RemoveSiteSpaceCustomization', () => {
    it('removes an override, even an empty one', () => {
      spec.given([overridden('ss1', { title: 'Docs FR' })]).when(remove('ss1')).then([removed('ss1')]);
      spec.given([overridden('ss1', {})]).when(remove('ss1')).then([removed('ss1')]);
    });

    it('writes nothing when there is none', () => {
      spec.given([]).when(remove('ss1')).then([]);
      spec.given([overridden('ss1', { title: 'Docs FR' }), removed('ss1')]).when(remove('ss1')).then([]);
      spec.given([overridden('ss2', { title: 'Docs FR' })]).when(remove('ss1')).then([]);
    });
  });

  describe.each(PROTOTYPE_KEYS)('a site space id that names something on every object (%s)', (siteSpaceId) => {
    it('has no override to remove', () => spec.given([]).when(remove(siteSpaceId)).then([]));
    it('is overridden from nothing', () => spec.given([]).when(override(siteSpaceId, { title: 'Docs' })).then([overridden(siteSpaceId, { title: 'Docs' })]));
  });
});
