//! The API description: an OpenAPI 3.1 document built from the handlers
//! themselves. Every `/api` route is registered with `utoipa_axum::routes!`,
//! which takes the path and methods from the handler's `#[utoipa::path]`,
//! so the router and the document are made from one source and cannot
//! drift (`OpenApiRouter::route` and friends, which would bypass it, are
//! refused by `clippy.toml`). Served at `GET /api/openapi.json`.
//!
//! What every route shares because of a middleware or an extractor (the CSRF
//! header, body limits, the JSON extractor's refusals, 404 for a malformed
//! path id, 401 without a session, 500) is added here, once, by
//! [`shared_responses`]; a handler documents only what is its own. The
//! routes themselves are listed by `crate::app`, which hands the document
//! to [`finish`].

use utoipa::openapi::path::{HttpMethod, Operation, ParameterIn};
use utoipa::openapi::security::{ApiKey, ApiKeyValue, SecurityScheme};
use utoipa::openapi::{
    ContentBuilder, InfoBuilder, OpenApi, Ref, RefOr, Response as ApiResponse, ResponseBuilder,
};
use utoipa::{PartialSchema as _, ToSchema as _};

use crate::platform::error::ErrorBody;
use crate::platform::sessions::SESSION_COOKIE;

/// The security scheme of the session cookie.
pub const SESSION: &str = "session";
/// The security scheme of the CSRF header every unsafe method must carry.
pub const CSRF: &str = "csrf";
/// The CSRF header, and the only value it may have.
pub const CSRF_HEADER: &str = "X-Requested-With";
pub const CSRF_VALUE: &str = "XMLHttpRequest";

/// Title, security schemes, and the responses every route shares.
pub fn finish(mut document: OpenApi) -> OpenApi {
    document.info = InfoBuilder::new()
        .title("Nyota Cloud API")
        .version(env!("CARGO_PKG_VERSION"))
        .description(Some(
            "The HTTP API of the Nyota Cloud site and platform. Sign in with \
             `POST /api/login`: the answer sets the session cookie. Every POST, PUT, \
             PATCH and DELETE must carry `X-Requested-With: XMLHttpRequest` (CSRF \
             defence). Errors are JSON `{\"message\": ...}`.",
        ))
        .build();
    let components = document.components.get_or_insert_with(Default::default);
    components
        .schemas
        .insert(ErrorBody::name().into_owned(), ErrorBody::schema());
    components.security_schemes.insert(
        SESSION.to_owned(),
        SecurityScheme::ApiKey(ApiKey::Cookie(ApiKeyValue::with_description(
            SESSION_COOKIE,
            "The session cookie set by POST /api/login or /api/register (HttpOnly).",
        ))),
    );
    components.security_schemes.insert(
        CSRF.to_owned(),
        SecurityScheme::ApiKey(ApiKey::Header(ApiKeyValue::with_description(
            CSRF_HEADER,
            "Must be `XMLHttpRequest` on every unsafe method (POST, PUT, PATCH, DELETE); \
             a cross-site form cannot set it.",
        ))),
    );
    for item in document.paths.paths.values_mut() {
        for (method, operation) in operations(item) {
            shared_responses(method, operation);
        }
    }
    document
}

fn operations(
    item: &mut utoipa::openapi::PathItem,
) -> impl Iterator<Item = (HttpMethod, &mut Operation)> {
    [
        (HttpMethod::Get, item.get.as_mut()),
        (HttpMethod::Post, item.post.as_mut()),
        (HttpMethod::Put, item.put.as_mut()),
        (HttpMethod::Patch, item.patch.as_mut()),
        (HttpMethod::Delete, item.delete.as_mut()),
    ]
    .into_iter()
    .filter_map(|(method, operation)| operation.map(|operation| (method, operation)))
}

fn error(description: &str) -> ApiResponse {
    ResponseBuilder::new()
        .description(description)
        .content(
            "application/json",
            ContentBuilder::new()
                .schema(Some(Ref::from_schema_name(ErrorBody::name())))
                .build(),
        )
        .build()
}

/// Adds `status` unless the handler documented it; when it did, `also` is
/// appended to its description (another reason for the same status).
fn add(operation: &mut Operation, status: &str, description: &str, also: Option<&str>) {
    let responses = &mut operation.responses.responses;
    match responses.get_mut(status) {
        None => {
            responses.insert(status.to_owned(), RefOr::T(error(description)));
        }
        Some(RefOr::T(response)) => {
            if let Some(also) = also
                && !response.description.contains(also)
            {
                response.description = format!("{}; or {also}", response.description);
            }
        }
        Some(RefOr::Ref(_)) => {}
    }
}

/// The answers that come from the layers every route goes through.
fn shared_responses(method: HttpMethod, operation: &mut Operation) {
    let unsafe_method = !matches!(method, HttpMethod::Get);
    if unsafe_method {
        let csrf = "the X-Requested-With: XMLHttpRequest header is missing (CSRF defence)";
        add(operation, "403", &format!("Forbidden: {csrf}"), Some(csrf));
    }
    let needs_session = operation.security.as_ref().is_some_and(|requirements| {
        !requirements.is_empty()
            && requirements.iter().all(|requirement| {
                serde_json::to_value(requirement)
                    .ok()
                    .and_then(|value| value.get(SESSION).map(|_| ()))
                    .is_some()
            })
    });
    if needs_session {
        add(operation, "401", "Not signed in", None);
    }
    let has_query = operation.parameters.as_ref().is_some_and(|parameters| {
        parameters
            .iter()
            .any(|parameter| parameter.parameter_in == ParameterIn::Query)
    });
    if has_query {
        // The query extractor's refusal, e.g. an unknown filter value.
        add(operation, "400", "A query parameter is not valid", None);
    }
    let has_path_id = operation.parameters.as_ref().is_some_and(|parameters| {
        parameters
            .iter()
            .any(|parameter| parameter.parameter_in == ParameterIn::Path)
    });
    if has_path_id {
        add(
            operation,
            "404",
            "Not found (an id that is not a UUID names nothing)",
            None,
        );
    }
    if let Some(body) = &operation.request_body {
        let json = body.content.contains_key("application/json");
        add(
            operation,
            "400",
            "The body is not valid: the message names the first failing field",
            None,
        );
        if json {
            add(
                operation,
                "415",
                "Expected a JSON body (Content-Type: application/json)",
                None,
            );
        }
        add(
            operation,
            "408",
            "The request body did not arrive in time",
            None,
        );
        add(operation, "413", "Request body is too large", None);
    }
    add(
        operation,
        "500",
        "Something went wrong on our side (details only in the server's log)",
        None,
    );
}
