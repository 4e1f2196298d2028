//! Stopping a running search from Python: Ctrl-C, and errors raised by
//! the Python callables a search calls (predicates, orders, observers).
//!
//! Every search runs with its thread's cancel flag as its
//! [`csp::Limits::cancel`]. Two things raise it:
//!
//! * SIGINT, while some search is running or an iterator is open: a
//!   handler installed for that time raises every thread's flag and hands
//!   the signal on to the handler it replaced (Python's, which then raises
//!   `KeyboardInterrupt` at the next check), so the engine stops within a
//!   few hundred nodes even deep inside native code;
//! * a Python callable that raised: its exception is kept for the engine
//!   call that is running on that thread ([`engine_call`]) and re-raised
//!   when the engine returns; the callables skip Python until then.
//!
//! One engine call runs at a time per thread (a callable may run a nested
//! search, whose call clears and restores the slot around it), so one flag
//! per thread serves them all: it is cleared as each engine call starts and
//! ends.

use pyo3::exceptions::PyKeyboardInterrupt;
use pyo3::prelude::*;
use std::cell::RefCell;
use std::sync::atomic::{AtomicBool, AtomicPtr, Ordering};
use std::sync::{Arc, OnceLock};

/// The flags SIGINT raises: one per thread that ran a search (leaked, so a
/// signal handler may always touch them), and one shared by threads beyond.
const SLOTS: usize = 64;
static FLAGS: [AtomicPtr<AtomicBool>; SLOTS] =
    [const { AtomicPtr::new(std::ptr::null_mut()) }; SLOTS];
static OVERFLOW: OnceLock<Arc<AtomicBool>> = OnceLock::new();

fn register() -> Arc<AtomicBool> {
    let flag = Arc::new(AtomicBool::new(false));
    // One strong count is never given back: the flag outlives its thread.
    let raw = Arc::into_raw(Arc::clone(&flag)) as *mut AtomicBool;
    for slot in &FLAGS {
        if slot
            .compare_exchange(
                std::ptr::null_mut(),
                raw,
                Ordering::AcqRel,
                Ordering::Acquire,
            )
            .is_ok()
        {
            return flag;
        }
    }
    Arc::clone(OVERFLOW.get_or_init(|| Arc::new(AtomicBool::new(false))))
}

thread_local! {
    static FLAG: Arc<AtomicBool> = register();
}

/// The cancel flag of this thread's searches.
pub(crate) fn cancel_flag() -> Arc<AtomicBool> {
    FLAG.with(Arc::clone)
}

/// Raises every search's flag (from the signal handler: atomics only).
fn cancel_all() {
    for slot in &FLAGS {
        let p = slot.load(Ordering::Acquire);
        if !p.is_null() {
            // SAFETY: registered flags are leaked, never freed.
            unsafe { (*p).store(true, Ordering::Relaxed) };
        }
    }
    if let Some(flag) = OVERFLOW.get() {
        flag.store(true, Ordering::Relaxed);
    }
}

thread_local! {
    /// The first exception a Python callable raised during the engine call
    /// running on this thread.
    static RAISED: RefCell<Option<PyErr>> = const { RefCell::new(None) };
}

/// Keeps the exception a callable raised (the first one wins) and stops
/// the search.
pub(crate) fn raised(err: PyErr) {
    RAISED.with(|slot| {
        let mut slot = slot.borrow_mut();
        if slot.is_none() {
            *slot = Some(err);
        }
    });
    cancel_flag().store(true, Ordering::Relaxed);
}

/// Has a callable raised during the running engine call? Callables then
/// answer at once without calling Python.
pub(crate) fn pending() -> bool {
    RAISED.with(|slot| slot.borrow().is_some())
}

/// Runs `f` (a call into the engine) with Ctrl-C armed and the callables'
/// exception slot empty; returns its result and the exception a callable
/// raised, if any. Nested calls (a callable that runs a search) keep their
/// own exceptions apart.
pub(crate) fn engine_call<T>(f: impl FnOnce() -> T) -> (T, Option<PyErr>) {
    let _armed = SigintGuard::arm();
    let outer = RAISED.with(|slot| slot.borrow_mut().take());
    let flag = cancel_flag();
    flag.store(false, Ordering::Relaxed);
    let out = f();
    flag.store(false, Ordering::Relaxed);
    let err = RAISED.with(|slot| std::mem::replace(&mut *slot.borrow_mut(), outer));
    (out, err)
}

/// Keeps the SIGINT handler installed while it lives (nested guards share
/// one installation). An open solution iterator holds one, so Ctrl-C
/// reaches the engine between two `next()` calls without a system call
/// per solution.
pub(crate) struct SigintGuard(());

impl SigintGuard {
    pub(crate) fn arm() -> SigintGuard {
        sigint::arm();
        SigintGuard(())
    }
}

impl Drop for SigintGuard {
    fn drop(&mut self) {
        sigint::disarm();
    }
}

#[cfg(unix)]
mod sigint {
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::sync::Mutex;

    /// How many guards are alive, and whether our handler went in.
    static ARMED: Mutex<(usize, bool)> = Mutex::new((0, false));
    /// The handler ours replaced, and whether it takes `siginfo`.
    static PREVIOUS: AtomicUsize = AtomicUsize::new(0);
    static PREVIOUS_SIGINFO: AtomicUsize = AtomicUsize::new(0);

    extern "C" fn on_sigint(sig: libc::c_int, info: *mut libc::siginfo_t, ctx: *mut libc::c_void) {
        // Only atomics here: this runs inside a signal handler.
        super::cancel_all();
        let previous = PREVIOUS.load(Ordering::Relaxed);
        if previous == libc::SIG_DFL || previous == libc::SIG_IGN {
            return;
        }
        // SAFETY: `previous` is the function pointer `sigaction` reported
        // for SIGINT, of the kind its flags say.
        unsafe {
            if PREVIOUS_SIGINFO.load(Ordering::Relaxed) != 0 {
                let f: extern "C" fn(libc::c_int, *mut libc::siginfo_t, *mut libc::c_void) =
                    std::mem::transmute(previous);
                f(sig, info, ctx);
            } else {
                let f: extern "C" fn(libc::c_int) = std::mem::transmute(previous);
                f(sig);
            }
        }
    }

    fn current() -> libc::sigaction {
        // SAFETY: querying the action of SIGINT into a zeroed struct.
        unsafe {
            let mut old: libc::sigaction = std::mem::zeroed();
            libc::sigaction(libc::SIGINT, std::ptr::null(), &mut old);
            old
        }
    }

    pub(super) fn arm() {
        let mut armed = ARMED.lock().unwrap_or_else(|e| e.into_inner());
        armed.0 += 1;
        if armed.0 > 1 {
            return;
        }
        let old = current();
        // Only in front of a handler: a process that ignores SIGINT or
        // left it at its default is not ours to change.
        if old.sa_sigaction == libc::SIG_DFL || old.sa_sigaction == libc::SIG_IGN {
            return;
        }
        PREVIOUS.store(old.sa_sigaction, Ordering::Relaxed);
        PREVIOUS_SIGINFO.store(
            (old.sa_flags & libc::SA_SIGINFO != 0) as usize,
            Ordering::Relaxed,
        );
        // SAFETY: installing a handler that only touches atomics and
        // calls the handler it replaced.
        unsafe {
            let mut new: libc::sigaction = std::mem::zeroed();
            new.sa_sigaction = on_sigint as *const () as usize;
            new.sa_flags = libc::SA_SIGINFO | (old.sa_flags & libc::SA_ONSTACK);
            libc::sigemptyset(&mut new.sa_mask);
            libc::sigaction(libc::SIGINT, &new, std::ptr::null_mut());
        }
        armed.1 = true;
    }

    pub(super) fn disarm() {
        let mut armed = ARMED.lock().unwrap_or_else(|e| e.into_inner());
        armed.0 = armed.0.saturating_sub(1);
        if armed.0 > 0 || !armed.1 {
            return;
        }
        armed.1 = false;
        // Put the old handler back, unless someone (signal.signal) has
        // replaced ours meanwhile: theirs stays.
        if current().sa_sigaction == on_sigint as *const () as usize {
            // SAFETY: reinstalling the action that was there before.
            unsafe {
                let mut old: libc::sigaction = std::mem::zeroed();
                old.sa_sigaction = PREVIOUS.load(Ordering::Relaxed);
                if PREVIOUS_SIGINFO.load(Ordering::Relaxed) != 0 {
                    old.sa_flags = libc::SA_SIGINFO;
                }
                old.sa_flags |= libc::SA_ONSTACK;
                libc::sigemptyset(&mut old.sa_mask);
                libc::sigaction(libc::SIGINT, &old, std::ptr::null_mut());
            }
        }
    }
}

#[cfg(not(unix))]
mod sigint {
    // Elsewhere Ctrl-C reaches a search only through a Python callable.
    pub(super) fn arm() {}
    pub(super) fn disarm() {}
}

/// After an engine call stopped on the cancel flag with no callable's
/// exception: the pending `KeyboardInterrupt`, if Ctrl-C raised the flag.
pub(crate) fn pending_signal(py: Python<'_>) -> Option<PyErr> {
    py.check_signals().err()
}

/// A value kept on its thread while the GIL is released around it:
/// `Python::detach` runs its closure on the calling thread.
struct SameThread<T>(T);

// SAFETY: only moved into a closure that `detach` runs on this same thread.
unsafe impl<T> Send for SameThread<T> {}

/// [`engine_call`], with the GIL released (`native`: the search calls no
/// Python) so that other Python threads run meanwhile.
pub(crate) fn engine_call_released<T>(
    py: Python<'_>,
    native: bool,
    f: impl FnOnce() -> T,
) -> (T, Option<PyErr>) {
    if !native {
        return engine_call(f);
    }
    let f = SameThread(f);
    let out = py.detach(move || {
        let f = f;
        SameThread(engine_call(f.0))
    });
    out.0
}

/// Turns what stopped an engine call into the exception to raise, if any:
/// a callable's exception as it is (a `KeyboardInterrupt` among them, or
/// Ctrl-C seen by the handler, as `SearchInterrupted` carrying `partial`).
pub(crate) fn stopped(
    py: Python<'_>,
    err: Option<PyErr>,
    status: csp::Status,
    partial: impl FnOnce(Python<'_>) -> PyResult<(String, Py<PyAny>)>,
) -> PyResult<()> {
    let cause = match err {
        Some(e) if e.is_instance_of::<PyKeyboardInterrupt>(py) => Some(e),
        Some(e) => return Err(e),
        None if status == csp::Status::Stopped(csp::StopReason::Cancelled) => {
            match pending_signal(py) {
                Some(e) => Some(e),
                None => return Ok(()),
            }
        }
        None => return Ok(()),
    };
    let (message, outcome) = partial(py)?;
    Err(crate::errors::interrupted(py, cause, message, outcome))
}
