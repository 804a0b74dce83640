/*
 * The building blocks of the task detail's sections: a titled section and a list of labelled fields, an
 * empty value shown as a dash.
 *
 * Text only through textContent: built with h(); values are text nodes or elements.
 */
import {h} from '../dom.js';
import {t} from '../i18n.js';

const dash = () => h('span', {class: 'muted'}, '—');

export function section(titleKey, testid, ...content) {
    return h('section', {class: 'drawer-section', 'data-testid': testid}, h('h3', null, t(titleKey)), ...content);
}

/** [labelKey, value, testid] pairs; a null pair is left out. */
export function fields(...pairs) {
    return h('dl', {class: 'fields'}, pairs.filter(Boolean).map(([labelKey, value, testid]) => [
        h('dt', null, t(labelKey)),
        h('dd', {'data-testid': testid || null}, value === null || value === undefined || value === '' ? dash() : value),
    ]));
}
