/*
 * Small DOM helpers for the console's modules.
 *
 * Text only through textContent: data (payloads, owners, errors, problem details) reaches the page as
 * text nodes or attribute values, never as markup; no innerHTML anywhere in the console.
 */

export const $ = (id) => document.getElementById(id);

const SVG = 'http://www.w3.org/2000/svg';

/** h('span', {class: 'x', onclick: fn}, 'text', node, [more]): text children become text nodes. */
export function h(tag, attrs, ...children) {
    return build(document.createElement(tag), attrs, children);
}

/** The same for SVG elements. */
export function s(tag, attrs, ...children) {
    return build(document.createElementNS(SVG, tag), attrs, children);
}

function build(el, attrs, children) {
    for (const [name, value] of Object.entries(attrs || {})) {
        if (value === null || value === undefined || value === false) {
            continue;
        }
        if (name.startsWith('on') && typeof value === 'function') {
            el.addEventListener(name.slice(2), value);
        } else {
            el.setAttribute(name, value === true ? '' : String(value));
        }
    }
    append(el, children);
    return el;
}

export function append(el, children) {
    for (const child of children) {
        if (child === null || child === undefined || child === false) {
            continue;
        }
        if (Array.isArray(child)) {
            append(el, child);
        } else {
            el.append(child instanceof Node ? child : document.createTextNode(String(child)));
        }
    }
}

/**
 * Shows one row per item in body, in the items' order, keeping the row nodes it showed before (buttons keep
 * their focus across refreshes) and removing those of items no longer there. rows maps an item's key to
 * {tr}; rowFor(item, row) returns the item's row: the one given, updated, or a new one.
 */
export function syncRows(body, rows, items, keyOf, rowFor) {
    const seen = new Set();
    let previous = null;
    for (const item of items) {
        const key = keyOf(item);
        seen.add(key);
        const row = rowFor(item, rows.get(key));
        rows.set(key, row);
        const expected = previous ? previous.nextSibling : body.firstChild;
        if (expected !== row.tr) {
            body.insertBefore(row.tr, expected);
        }
        previous = row.tr;
    }
    for (const [key, row] of rows) {
        if (!seen.has(key)) {
            row.tr.remove();
            rows.delete(key);
        }
    }
}

export function debounce(fn, ms) {
    let timer = null;
    return (...args) => {
        clearTimeout(timer);
        timer = setTimeout(() => fn(...args), ms);
    };
}
