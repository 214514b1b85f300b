//! The network's integer kernels: adding and removing a feature's column
//! of the first layer, and the output layer's dot product over the clipped
//! accumulator.
//!
//! Each kernel is written once, as plain loops over `i16` that LLVM
//! vectorises, and compiled twice: for the build's baseline (SSE2 on
//! x86_64, NEON on aarch64) and, on x86_64, again with AVX2 enabled, that
//! copy chosen at run time when the processor has it
//! (`is_x86_feature_detected!`, a cached flag). Arithmetic wraps rather
//! than trapping, so a damaged network gives wrong numbers, never a panic.

use super::QA;

#[inline(always)]
fn add_portable(acc: &mut [i16], column: &[i16]) {
    for (a, &w) in acc.iter_mut().zip(column) {
        *a = a.wrapping_add(w);
    }
}

#[inline(always)]
fn sub_portable(acc: &mut [i16], column: &[i16]) {
    for (a, &w) in acc.iter_mut().zip(column) {
        *a = a.wrapping_sub(w);
    }
}

#[inline(always)]
fn dot_portable(acc: &[i16], weights: &[i16]) -> i32 {
    acc.iter().zip(weights).fold(0i32, |sum, (&a, &w)| {
        let clipped = i32::from(a.clamp(0, QA as i16));
        sum.wrapping_add(clipped.wrapping_mul(i32::from(w)))
    })
}

#[cfg(target_arch = "x86_64")]
mod avx2 {
    #[target_feature(enable = "avx2")]
    pub(super) fn add(acc: &mut [i16], column: &[i16]) {
        super::add_portable(acc, column);
    }

    #[target_feature(enable = "avx2")]
    pub(super) fn sub(acc: &mut [i16], column: &[i16]) {
        super::sub_portable(acc, column);
    }

    #[target_feature(enable = "avx2")]
    pub(super) fn dot(acc: &[i16], weights: &[i16]) -> i32 {
        super::dot_portable(acc, weights)
    }
}

/// Whether the AVX2 copies run: the processor has AVX2 and the
/// `TAULER_NO_AVX2` environment variable is unset (to measure the baseline).
#[must_use]
pub fn uses_avx2() -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        static USE: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
        *USE.get_or_init(|| {
            std::is_x86_feature_detected!("avx2") && std::env::var_os("TAULER_NO_AVX2").is_none()
        })
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        false
    }
}

/// `acc += column`, element by element.
#[inline]
pub fn add(acc: &mut [i16], column: &[i16]) {
    #[cfg(target_arch = "x86_64")]
    if uses_avx2() {
        // SAFETY: the processor has AVX2 (checked by `uses_avx2`).
        return unsafe { avx2::add(acc, column) };
    }
    add_portable(acc, column);
}

/// `acc -= column`, element by element.
#[inline]
pub fn sub(acc: &mut [i16], column: &[i16]) {
    #[cfg(target_arch = "x86_64")]
    if uses_avx2() {
        // SAFETY: the processor has AVX2 (checked by `uses_avx2`).
        return unsafe { avx2::sub(acc, column) };
    }
    sub_portable(acc, column);
}

/// `Σ clamp(acc[i], 0, QA) · weights[i]`.
#[inline]
#[must_use]
pub fn dot_clipped(acc: &[i16], weights: &[i16]) -> i32 {
    #[cfg(target_arch = "x86_64")]
    if uses_avx2() {
        // SAFETY: the processor has AVX2 (checked by `uses_avx2`).
        return unsafe { avx2::dot(acc, weights) };
    }
    dot_portable(acc, weights)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_kernels_agree_with_plain_arithmetic() {
        let acc: Vec<i16> = (0..64).map(|i| (i * 37 % 600) as i16 - 200).collect();
        let column: Vec<i16> = (0..64).map(|i| (i * 11 % 90) as i16 - 45).collect();
        let mut sum = acc.clone();
        add(&mut sum, &column);
        sub(&mut sum, &column);
        assert_eq!(sum, acc);
        let expected: i32 = acc
            .iter()
            .zip(&column)
            .map(|(&a, &w)| i32::from(a.clamp(0, 255)) * i32::from(w))
            .sum();
        assert_eq!(dot_clipped(&acc, &column), expected);
        assert_eq!(dot_portable(&acc, &column), expected);
    }
}
