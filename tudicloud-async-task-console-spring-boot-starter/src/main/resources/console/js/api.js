/*
 * The REST API as the console calls it: relative to where the console is mounted (the application's root,
 * or a path of the service that embeds it), with the session cookie, a CSRF token on every write, the chosen
 * language in Accept-Language (problem details come back in it), and the console's page, which the
 * application's security sends to its login, on a 401.
 *
 * Text only through textContent: this module touches no DOM; callers show problem details as text.
 */
import {lang, t} from './i18n.js';

export class ApiError extends Error {
    constructor(status, detail) {
        super(detail);
        this.status = status;
        this.detail = detail;
    }
}

export function cookie(name) {
    for (const part of document.cookie.split(';')) {
        const [key, ...rest] = part.trim().split('=');
        if (key === name) {
            return decodeURIComponent(rest.join('='));
        }
    }
    return null;
}

/** Where the console is mounted: this module is its console/js/api.js. */
const base = new URL('../../', import.meta.url);

/** An address of the console or its API, e.g. url('api/tasks'). */
export const url = (path) => new URL(path, base).href;

let leaving = false;

export const isLeaving = () => leaving;

/** Leaves the console for another page (the login page), once. */
export function leave(address) {
    if (!leaving) {
        leaving = true;
        window.location.assign(address);
    }
}

let sessionToken = null;

/**
 * The XSRF-TOKEN cookie's value in X-XSRF-TOKEN where the application keeps its token in that cookie (the admin
 * application does), else the token the API hands out with the user (a token kept in the session).
 */
async function csrfHeader() {
    if (!cookie('XSRF-TOKEN') && !sessionToken) {
        // the token cookie comes with any response, the session's token with the user: ask before the first write
        const response = await fetch(url('api/me'), {headers: {Accept: 'application/json'}, credentials: 'same-origin'});
        const me = response.ok ? await response.json().catch(() => null) : null;
        sessionToken = me && me.csrf;
    }
    const token = cookie('XSRF-TOKEN');
    if (token) {
        return {'X-XSRF-TOKEN': token};
    }
    return sessionToken ? {[sessionToken.headerName]: sessionToken.token} : {};
}

/**
 * Calls the API at a path relative to the console (api/...); a 401 goes to the login, any other failure throws an
 * ApiError with the problem's detail.
 */
export async function api(method, path, body) {
    const headers = {Accept: 'application/json, application/problem+json', 'Accept-Language': lang};
    if (method !== 'GET') {
        Object.assign(headers, await csrfHeader());
    }
    if (body !== undefined) {
        headers['Content-Type'] = 'application/json';
    }
    let response;
    try {
        response = await fetch(url(path), {method, headers, credentials: 'same-origin',
            body: body === undefined ? undefined : JSON.stringify(body)});
    } catch (e) {
        throw new ApiError(0, t('error.unreachable'));
    }
    if (response.status === 401) {
        leave(base.href);
        throw new ApiError(401, t('error.loggedOut'));
    }
    const text = await response.text();
    let json = null;
    try {
        json = text ? JSON.parse(text) : null;
    } catch (e) {
        json = null;
    }
    if (!response.ok) {
        throw new ApiError(response.status, (json && (json.detail || json.title))
            || t('error.http', {status: response.status}));
    }
    if (json === null && text && (response.headers.get('content-type') || '').includes('text/html')) {
        // a redirect to the login page answered instead of the API: the session is gone
        leave(base.href);
        throw new ApiError(401, t('error.loggedOut'));
    }
    return json;
}

/** Logs out (a POST to the application's logout, with the CSRF token) and shows where the logout leads. */
export async function logout(logoutUrl) {
    leaving = true;
    let landed = base.href;
    try {
        const response = await fetch(logoutUrl, {method: 'POST', credentials: 'same-origin', headers: await csrfHeader()});
        if (response.redirected) {
            landed = response.url;
        }
    } catch (e) {
        // the session may be gone already; the console's page sends a visitor to the login either way
    }
    window.location.assign(landed);
}
