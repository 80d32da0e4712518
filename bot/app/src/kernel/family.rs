//! The application's families of functions.

/// Declares a family of the application's functions: a type over the shared [`App`] whose
/// methods are the family's, reaching the store, the clock and the primitive reads and commits
/// through `Deref`. Each family's methods live in its own module; other families call them as
/// `Family(app).method(…)`, so who owns what stays visible.
macro_rules! family {
    ($(#[$meta:meta])* $name:ident) => {
        $(#[$meta])*
        #[derive(Clone, Copy)]
        pub(crate) struct $name<'a>(pub(crate) &'a $crate::kernel::app::App);

        impl std::ops::Deref for $name<'_> {
            type Target = $crate::kernel::app::App;

            fn deref(&self) -> &$crate::kernel::app::App {
                self.0
            }
        }
    };
}
pub(crate) use family;
