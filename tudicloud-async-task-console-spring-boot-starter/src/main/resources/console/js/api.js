/*
 * The admin REST API as the console calls it: the session cookie, the CSRF token from the XSRF-TOKEN
 * cookie on every write, the chosen language in Accept-Language (problem details come back in it), and
 * the login page on a 401.
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

let leaving = false;

export const isLeaving = () => leaving;

/** Leaves the console for another page (the login page), once. */
export function leave(url) {
    if (!leaving) {
        leaving = true;
        window.location.assign(url);
    }
}

async function csrfHeader() {
    let token = cookie('XSRF-TOKEN');
    if (!token) {
        // the token cookie comes with any response; ask for one before the first write
        await fetch('/api/me', {headers: {Accept: 'application/json'}, credentials: 'same-origin'});
        token = cookie('XSRF-TOKEN');
    }
    return token ? {'X-XSRF-TOKEN': token} : {};
}

/** Calls the API; a 401 goes to the login page, any other failure throws an ApiError with the problem's detail. */
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
        response = await fetch(path, {method, headers, credentials: 'same-origin',
            body: body === undefined ? undefined : JSON.stringify(body)});
    } catch (e) {
        throw new ApiError(0, t('error.unreachable'));
    }
    if (response.status === 401) {
        leave('/login');
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
        leave('/login');
        throw new ApiError(401, t('error.loggedOut'));
    }
    return json;
}

/** Logs out (POST /logout with the CSRF token) and shows the login page with its logged-out message. */
export async function logout() {
    leaving = true;
    try {
        await fetch('/logout', {method: 'POST', credentials: 'same-origin', redirect: 'manual',
            headers: await csrfHeader()});
    } catch (e) {
        // the session may be gone already; the login page is where we go either way
    }
    window.location.assign('/login?logout');
}
