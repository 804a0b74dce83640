/*
 * A JSON value pretty-printed with colours, and folded when it is large; values the server masked
 * (async-task.admin.redact-payload-fields) are marked.
 *
 * Text only through textContent: every token is a text node or a span holding one; no innerHTML.
 */
import {h} from '../dom.js';
import {number} from '../format.js';
import {t} from '../i18n.js';

const TOKEN = /("(?:\\.|[^"\\])*")(\s*:)?|\b(true|false|null)\b|(-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)/g;
const MASK = '"[redacted]"';
/** Larger payloads start folded. */
const FOLD_LINES = 40;
const FOLD_CHARS = 4000;

function colour(text, masked) {
    const pre = h('pre', {class: 'code json', 'data-testid': 'payload'});
    let last = 0;
    for (const match of text.matchAll(TOKEN)) {
        if (match.index > last) {
            pre.append(text.slice(last, match.index));
        }
        if (match[1] && match[2]) {
            pre.append(h('span', {class: 'j-key'}, match[1]), match[2]);
        } else if (match[1]) {
            const redacted = masked && match[1] === MASK;
            pre.append(h('span', {class: redacted ? 'j-str j-redacted' : 'j-str',
                'data-testid': redacted ? 'redacted' : null, title: redacted ? t('detail.redactedValue') : null}, match[1]));
        } else {
            pre.append(h('span', {class: match[3] ? 'j-lit' : 'j-num'}, match[0]));
        }
        last = match.index + match[0].length;
    }
    if (last < text.length) {
        pre.append(text.slice(last));
    }
    return pre;
}

/** The payload block: a note on masked fields, and the JSON, folded behind a summary when large. */
export function payloadView(payload, redactedFields) {
    if (payload === null || payload === undefined) {
        return h('p', {class: 'muted', 'data-testid': 'payload'}, t('detail.noPayload'));
    }
    const text = JSON.stringify(payload, null, 2);
    const masked = (redactedFields || []).length > 0;
    const note = masked ? h('p', {class: 'redaction-note', 'data-testid': 'redacted-fields'},
        t('detail.redactedFields', {fields: redactedFields.join(', ')})) : null;
    const pre = colour(text, masked);
    const lines = text.split('\n').length;
    if (lines <= FOLD_LINES && text.length <= FOLD_CHARS) {
        return h('div', null, note, pre);
    }
    return h('div', null, note, h('details', {class: 'fold', 'data-testid': 'payload-fold'},
        h('summary', null, t('detail.payloadFolded', {lines: number(lines), chars: number(text.length)})), pre));
}
