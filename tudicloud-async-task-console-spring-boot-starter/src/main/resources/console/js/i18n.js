/*
 * The console's languages: English and Simplified Chinese. Every string the console shows comes from a
 * message bundle (messages/en.js, messages/zh-CN.js, the same keys in both). The language is the one
 * the user chose last (kept in localStorage), else the first of navigator.languages the console has,
 * else English. Choosing another reloads the page; the view is kept in the URL fragment.
 *
 * Text only through textContent: translations are set with textContent and setAttribute, never as markup.
 */
import en from './messages/en.js';
import zhCN from './messages/zh-CN.js';

export const BUNDLES = {en, 'zh-CN': zhCN};
export const LANGUAGES = [{code: 'en', name: 'English'}, {code: 'zh-CN', name: '简体中文'}];

const STORAGE_KEY = 'tudicloud.console.language';

function stored() {
    try {
        return window.localStorage.getItem(STORAGE_KEY);
    } catch (e) {
        return null;   // storage may be off; the browser's languages decide then
    }
}

function choose() {
    const remembered = stored();
    if (remembered && BUNDLES[remembered]) {
        return remembered;
    }
    for (const wanted of navigator.languages || [navigator.language || '']) {
        const tag = String(wanted).toLowerCase();
        if (tag.startsWith('zh')) {
            return 'zh-CN';
        }
        if (tag.startsWith('en')) {
            return 'en';
        }
    }
    return 'en';
}

/** The language of this page load. */
export const lang = choose();

const plurals = new Intl.PluralRules(lang);

/**
 * The message for key, with {name} placeholders filled from params. With params.count the plural form
 * key.one / key.other is chosen first. A missing key shows as itself and is reported on the console.
 */
export function t(key, params) {
    const bundle = BUNDLES[lang];
    let text;
    if (params && typeof params.count === 'number') {
        text = bundle[`${key}.${plurals.select(params.count)}`] ?? bundle[`${key}.other`];
    }
    text = text ?? bundle[key];
    if (text === undefined) {
        console.warn(`missing message '${key}' for ${lang}`);
        return key;
    }
    return params ? text.replace(/\{(\w+)\}/g, (match, name) => (name in params ? String(params[name]) : match)) : text;
}

/** Sets [data-i18n] text and [data-i18n-attr="attribute:key;..."] attributes under root. */
export function translate(root) {
    for (const el of root.querySelectorAll('[data-i18n]')) {
        el.textContent = t(el.dataset.i18n);
    }
    for (const el of root.querySelectorAll('[data-i18n-attr]')) {
        for (const pair of el.dataset.i18nAttr.split(';')) {
            const [attribute, key] = pair.split(':');
            el.setAttribute(attribute.trim(), t(key.trim()));
        }
    }
}

/** Fills a <select> with the languages and reloads the page in the one chosen. */
export function bindLanguageSwitch(select) {
    select.replaceChildren(...LANGUAGES.map(({code, name}) => {
        const option = document.createElement('option');
        option.value = code;
        option.lang = code;
        option.textContent = name;
        return option;
    }));
    select.value = lang;
    select.addEventListener('change', () => {
        try {
            window.localStorage.setItem(STORAGE_KEY, select.value);
        } catch (e) {
            return;   // nowhere to remember it: stay in this language rather than switch back on reload
        }
        window.location.reload();
    });
}

document.documentElement.lang = lang;
