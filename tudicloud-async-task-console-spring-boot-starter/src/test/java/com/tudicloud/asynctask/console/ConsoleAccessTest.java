package com.tudicloud.asynctask.console;

import org.junit.jupiter.api.Test;
import org.springframework.security.authentication.AnonymousAuthenticationToken;
import org.springframework.security.authentication.UsernamePasswordAuthenticationToken;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.authority.AuthorityUtils;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** The mapping of a user's authorities to the console's role: operator first, then viewer, else none. */
class ConsoleAccessTest {

    private final ConsoleAccess access = new ConsoleAccess(List.of("ROLE_SUPPORT", "SCOPE_tasks.read"),
            List.of("ROLE_OPS"), "/logout");

    private static Authentication loggedIn(String... authorities) {
        return UsernamePasswordAuthenticationToken.authenticated("someone", "n/a",
                AuthorityUtils.createAuthorityList(authorities));
    }

    @Test
    void anOperatorAuthorityMakesAnOperatorWhateverElseTheUserHolds() {
        assertThat(access.roleOf(loggedIn("ROLE_OPS"))).contains(ConsoleRole.OPERATOR);
        assertThat(access.roleOf(loggedIn("ROLE_SUPPORT", "ROLE_OPS"))).contains(ConsoleRole.OPERATOR);
    }

    @Test
    void anyViewerAuthorityAloneMakesAViewer() {
        assertThat(access.roleOf(loggedIn("ROLE_SUPPORT"))).contains(ConsoleRole.VIEWER);
        assertThat(access.roleOf(loggedIn("ROLE_SALES", "SCOPE_tasks.read"))).contains(ConsoleRole.VIEWER);
    }

    @Test
    void authoritiesCompareByTheirWholeName() {
        assertThat(access.roleOf(loggedIn("OPS", "ROLE_ops", "support"))).isEmpty();
    }

    @Test
    void nobodyLoggedInHasNoRoleWhateverTheAuthorities() {
        assertThat(access.roleOf(null)).isEmpty();
        assertThat(access.roleOf(new AnonymousAuthenticationToken("key", "anonymousUser",
                AuthorityUtils.createAuthorityList("ROLE_OPS")))).isEmpty();
        assertThat(access.roleOf(UsernamePasswordAuthenticationToken.unauthenticated("someone", "secret"))).isEmpty();
    }

    @Test
    void nothingMappedMeansNoRoleForAnyone() {
        ConsoleAccess closed = new ConsoleAccess(List.of(), List.of(), null);

        assertThat(closed.roleOf(loggedIn("ROLE_OPS", "ROLE_ADMIN"))).isEmpty();
        assertThat(closed.logoutPath()).isNull();
    }
}
