-- The SQLite store's 0010 with PostgreSQL types: the school's own sign-in at an OpenID provider,
-- at most one row (id 1), in the school's own schema; the client secret is kept as given.
CREATE TABLE school_oidc (
    id                 integer     PRIMARY KEY CHECK (id = 1),
    issuer             text        NOT NULL,
    client_id          text        NOT NULL,
    client_secret      text        NOT NULL,
    name               text        NOT NULL,
    allowed_domains    text        NOT NULL,
    admin_group        text        NOT NULL,
    user_group         text        NOT NULL,
    groups_claim       text        NOT NULL,
    scopes             text        NOT NULL,
    password_login     boolean     NOT NULL,
    school_claim       text        NOT NULL,
    school_claim_value text        NOT NULL,
    updated_at         timestamptz NOT NULL
);
