package com.tudicloud.asynctask.admin.security;

import org.springframework.security.authentication.AbstractAuthenticationToken;
import org.springframework.security.core.GrantedAuthority;

import java.util.Collection;
import java.util.List;

/** A bearer token: as presented (not yet checked), or as {@link ApiTokens} accepted it, named token:&lt;name&gt;. */
final class ApiTokenAuthentication extends AbstractAuthenticationToken {

    static final String NAME_PREFIX = "token:";

    private final String presented;
    private final String name;

    private ApiTokenAuthentication(String presented, String name, Collection<? extends GrantedAuthority> authorities) {
        super(authorities);
        this.presented = presented;
        this.name = name;
        setAuthenticated(name != null);
    }

    static ApiTokenAuthentication presented(String token) {
        return new ApiTokenAuthentication(token, null, List.of());
    }

    static ApiTokenAuthentication accepted(String tokenName, Collection<? extends GrantedAuthority> authorities) {
        return new ApiTokenAuthentication(null, NAME_PREFIX + tokenName, authorities);
    }

    /** The token's text, only before it was checked; never kept after. */
    @Override
    public Object getCredentials() {
        return presented;
    }

    /** The token's name once accepted; before, nothing identifies the caller. */
    @Override
    public Object getPrincipal() {
        return name == null ? "" : name;
    }

    @Override
    public String getName() {
        return name == null ? "" : name;
    }
}
