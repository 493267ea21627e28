//! `?` for the body of a `#[track_caller]` function with a contract (not public API: reached
//! through `smartcheck::__private`). Such a body is inlined into the checking function, so
//! that `Location::caller()` in it still names the caller (a closure, which would keep the
//! `?`s and `return`s within the body, is a call of its own that the attribute does not reach
//! on stable); the macro rewrites each `?` in it as a `match` on [`Branch::branch`] that
//! breaks out of the body with [`FromResidual::from_residual`], as the compiler desugars `?`
//! (its own `Try` traits are unstable). The impls are std's, for every type `?` applies to on
//! stable: `Option`, `Result` (the error converted by `From`), `ControlFlow`, and `Poll` of a
//! `Result` or of an `Option<Result>`. Cost: none; each is a `match`.

use std::convert::Infallible;
use std::ops::ControlFlow;
use std::task::Poll;

/// A value `?` applies to: either the value it continues with, or what it ends the body with.
pub trait Branch {
    /// What `value?` evaluates to.
    type Output;
    /// What `value?` ends the body with, turned into the body's type by [`FromResidual`].
    type Residual;
    /// The value to continue with, or the residual to end the body with.
    fn branch(self) -> ControlFlow<Self::Residual, Self::Output>;
}

/// A body's type built from the residual of a `?` in it.
pub trait FromResidual<R> {
    /// The body's value for `residual`.
    fn from_residual(residual: R) -> Self;
}

impl<T> Branch for Option<T> {
    type Output = T;
    type Residual = Option<Infallible>;
    #[inline(always)]
    fn branch(self) -> ControlFlow<Option<Infallible>, T> {
        match self {
            Some(v) => ControlFlow::Continue(v),
            None => ControlFlow::Break(None),
        }
    }
}

impl<T> FromResidual<Option<Infallible>> for Option<T> {
    #[inline(always)]
    fn from_residual(_: Option<Infallible>) -> Self {
        None
    }
}

impl<T, E> Branch for Result<T, E> {
    type Output = T;
    type Residual = Result<Infallible, E>;
    #[inline(always)]
    fn branch(self) -> ControlFlow<Result<Infallible, E>, T> {
        match self {
            Ok(v) => ControlFlow::Continue(v),
            Err(e) => ControlFlow::Break(Err(e)),
        }
    }
}

/// The error of a `?` on a `Result`, converted by `From`.
fn converted<E, F: From<E>>(residual: Result<Infallible, E>) -> F {
    match residual {
        Ok(never) => match never {},
        Err(e) => F::from(e),
    }
}

impl<T, E, F: From<E>> FromResidual<Result<Infallible, E>> for Result<T, F> {
    #[inline(always)]
    fn from_residual(residual: Result<Infallible, E>) -> Self {
        Err(converted(residual))
    }
}

impl<B, C> Branch for ControlFlow<B, C> {
    type Output = C;
    type Residual = ControlFlow<B, Infallible>;
    #[inline(always)]
    fn branch(self) -> ControlFlow<ControlFlow<B, Infallible>, C> {
        match self {
            ControlFlow::Continue(c) => ControlFlow::Continue(c),
            ControlFlow::Break(b) => ControlFlow::Break(ControlFlow::Break(b)),
        }
    }
}

impl<B, C> FromResidual<ControlFlow<B, Infallible>> for ControlFlow<B, C> {
    #[inline(always)]
    fn from_residual(residual: ControlFlow<B, Infallible>) -> Self {
        match residual {
            ControlFlow::Break(b) => ControlFlow::Break(b),
            ControlFlow::Continue(never) => match never {},
        }
    }
}

impl<T, E> Branch for Poll<Result<T, E>> {
    type Output = Poll<T>;
    type Residual = Result<Infallible, E>;
    #[inline(always)]
    fn branch(self) -> ControlFlow<Result<Infallible, E>, Poll<T>> {
        match self {
            Poll::Ready(Ok(v)) => ControlFlow::Continue(Poll::Ready(v)),
            Poll::Ready(Err(e)) => ControlFlow::Break(Err(e)),
            Poll::Pending => ControlFlow::Continue(Poll::Pending),
        }
    }
}

impl<T, E, F: From<E>> FromResidual<Result<Infallible, E>> for Poll<Result<T, F>> {
    #[inline(always)]
    fn from_residual(residual: Result<Infallible, E>) -> Self {
        Poll::Ready(Err(converted(residual)))
    }
}

impl<T, E> Branch for Poll<Option<Result<T, E>>> {
    type Output = Poll<Option<T>>;
    type Residual = Result<Infallible, E>;
    #[inline(always)]
    fn branch(self) -> ControlFlow<Result<Infallible, E>, Poll<Option<T>>> {
        match self {
            Poll::Ready(Some(Ok(v))) => ControlFlow::Continue(Poll::Ready(Some(v))),
            Poll::Ready(Some(Err(e))) => ControlFlow::Break(Err(e)),
            Poll::Ready(None) => ControlFlow::Continue(Poll::Ready(None)),
            Poll::Pending => ControlFlow::Continue(Poll::Pending),
        }
    }
}

impl<T, E, F: From<E>> FromResidual<Result<Infallible, E>> for Poll<Option<Result<T, F>>> {
    #[inline(always)]
    fn from_residual(residual: Result<Infallible, E>) -> Self {
        Poll::Ready(Some(Err(converted(residual))))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `value?` in a body of type `R`, as the contract macro writes it.
    fn question_mark<T: Branch, R: FromResidual<T::Residual>>(value: T) -> Result<T::Output, R> {
        match Branch::branch(value) {
            ControlFlow::Continue(v) => Ok(v),
            ControlFlow::Break(r) => Err(FromResidual::from_residual(r)),
        }
    }

    /// Each type `?` applies to continues and ends as `?` does.
    #[test]
    fn each_type_branches_as_the_question_mark_does() {
        assert_eq!(question_mark::<_, Option<u8>>(Some(1)), Ok(1));
        assert_eq!(question_mark::<Option<u8>, Option<()>>(None), Err(None));
        let parsed = question_mark::<_, Result<(), String>>("x".parse::<u8>().map_err(|_| 'e'));
        assert_eq!(parsed, Err(Err("e".to_string())));
        assert_eq!(question_mark::<Result<u8, char>, Result<(), String>>(Ok(2)), Ok(2));
        let stop: ControlFlow<&str, u8> = ControlFlow::Break("stop");
        assert_eq!(
            question_mark::<_, ControlFlow<&str, ()>>(stop),
            Err(ControlFlow::Break("stop"))
        );
        let ready: Poll<Result<u8, char>> = Poll::Ready(Err('e'));
        assert_eq!(
            question_mark::<_, Poll<Result<(), String>>>(ready),
            Err(Poll::Ready(Err("e".into())))
        );
        let pending: Poll<Option<Result<u8, char>>> = Poll::Pending;
        let out = question_mark::<_, Poll<Option<Result<(), String>>>>(pending);
        assert_eq!(out, Ok(Poll::Pending));
    }
}
