//! Named tunable parameters: [`ParamSpec`] gives a tunable a name, a default and a range, so the
//! UCI layer can expose it as a `spin` option; `scalar_params!` declares the search's
//! tunables. The evaluation's weights are declared per game in [`crate::eval::weights`], whose
//! table the weights-file loader reads and writes by name.

/// Description of one tunable integer parameter.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParamSpec {
    /// Name as used by UCI `setoption` and weights files (no spaces).
    pub name: String,
    /// Default value.
    pub default: i32,
    /// Smallest accepted value.
    pub min: i32,
    /// Largest accepted value.
    pub max: i32,
}

/// Defines a struct of named `i32` scalar parameters with defaults and ranges.
///
/// Generates the struct, `Default`, `SCALARS` (name, default, min, max) and `scalar_slots_mut`,
/// which lists mutable references in the same order as `SCALARS`.
#[macro_export]
macro_rules! scalar_params {
    (
        $(#[$sdoc:meta])* pub struct $name:ident {
            $( $(#[$doc:meta])* $field:ident : $uci:literal = $default:expr, $min:expr, $max:expr; )*
        }
    ) => {
        $(#[$sdoc])*
        #[derive(Clone, Debug, PartialEq, Eq)]
        pub struct $name {
            $( $(#[$doc])* pub $field: i32, )*
        }

        impl Default for $name {
            fn default() -> Self {
                $name { $( $field: $default, )* }
            }
        }

        impl $name {
            /// `(name, default, min, max)` of every field, in declaration order.
            pub const SCALARS: &'static [(&'static str, i32, i32, i32)] =
                &[ $( ($uci, $default, $min, $max), )* ];

            /// Mutable references to every field, in the order of `SCALARS`.
            pub fn scalar_slots_mut(&mut self) -> Vec<&mut i32> {
                vec![ $( &mut self.$field, )* ]
            }

            /// Every field's value, in the order of `SCALARS`.
            pub fn scalar_values(&self) -> Vec<i32> {
                vec![ $( self.$field, )* ]
            }
        }
    };
}
