/*
 * A few named events between the console's views, so that a view needs no other view's module:
 * 'task:open' (id) and 'task:close', 'task:selected' (id or null, once the detail shows it), 'batch:open' (id)
 * and 'batch:close' (the batch detail),
 * 'filters:changed' and 'tasks:changed' (the table's query changed), 'tasks:loaded' ({total, capped}: how many
 * tasks the table's filters match, capped at the server's list limit, after each load), 'refresh:now' (after an
 * action).
 *
 * Text only through textContent: this module touches no DOM.
 */

const listeners = new Map();

export function on(name, listener) {
    if (!listeners.has(name)) {
        listeners.set(name, []);
    }
    listeners.get(name).push(listener);
}

export function emit(name, detail) {
    for (const listener of listeners.get(name) || []) {
        listener(detail);
    }
}
