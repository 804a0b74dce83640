/*
 * The console's login page. The form posts to Spring Security's form login (POST /login) from script,
 * with the CSRF token from the XSRF-TOKEN cookie in the X-XSRF-TOKEN header, as every write of the
 * console does; the answer's final URL tells a good password (the console) from a bad one (/login?error), and a
 * 429 says that too many logins failed and for how long the server will not check another.
 * After a logout (/login?logout) the page says so.
 *
 * Text only through textContent: messages are set with textContent.
 */
import {cookie, url} from './api.js';
import {$} from './dom.js';
import {bindLanguageSwitch, t, translate} from './i18n.js';

function show(kind, key, values) {
    const message = $('login-message');
    message.className = `login-message login-${kind}`;
    message.dataset.kind = kind;
    message.textContent = t(key, values);
    message.hidden = false;
}

async function submit(event) {
    event.preventDefault();
    const form = event.target;
    $('login-submit').disabled = true;
    try {
        const response = await fetch(url('login'), {
            method: 'POST', credentials: 'same-origin',
            headers: {'Content-Type': 'application/x-www-form-urlencoded', 'X-XSRF-TOKEN': cookie('XSRF-TOKEN') || ''},
            body: new URLSearchParams(new FormData(form)),
        });
        const landed = new URL(response.url);
        if (response.ok && landed.pathname !== new URL(url('login')).pathname) {
            window.location.assign(url(''));
            return;
        }
        if (response.status === 429) {
            // too many failed logins: the server checks no password until Retry-After has passed
            show('error', 'login.throttled', {seconds: response.headers.get('Retry-After') || '60'});
        } else {
            show('error', response.ok ? 'login.badCredentials' : 'login.failed');
        }
        $('password').value = '';
        $('password').focus();
    } catch (e) {
        show('error', 'error.unreachable');
    } finally {
        $('login-submit').disabled = false;
    }
}

translate(document);
document.title = t('login.pageTitle');
bindLanguageSwitch($('language'));
const query = new URLSearchParams(window.location.search);
if (query.has('error')) {
    show('error', 'login.badCredentials');
} else if (query.has('logout')) {
    show('info', 'login.loggedOut');
}
$('login-form').addEventListener('submit', submit);
document.body.dataset.ready = 'true';
$('username').focus();
