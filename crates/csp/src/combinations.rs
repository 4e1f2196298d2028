//! Every combination of a few lists of values, for the brute-force
//! oracles that check a search (and for tabulating small functions).

/// Calls `visit` once with every combination of one value from each list
/// of `choices`, in lexicographic order (the last list varies fastest).
/// An odometer, not recursion: any number of lists, no allocation per
/// combination. No list: one empty combination; an empty list: none.
///
/// ```
/// let mut seen = Vec::new();
/// csp::each_combination(&[vec![1, 2], vec![7, 8, 9]], |c| seen.push(c.to_vec()));
/// assert_eq!(seen.len(), 6);
/// assert_eq!(seen[0], [1, 7]);
/// assert_eq!(seen[1], [1, 8]);
/// assert_eq!(seen[5], [2, 9]);
///
/// // The brute-force count of a model's solutions.
/// let mut model = csp::Model::new();
/// let x = model.int_vars(3, 0..3).unwrap();
/// model.all_different(&x).unwrap();
/// let mut solutions = 0;
/// csp::each_combination(&vec![vec![0, 1, 2]; 3], |values| {
///     solutions += u32::from(model.is_solution(values));
/// });
/// assert_eq!(solutions, 6);
/// ```
pub fn each_combination<T: Copy>(choices: &[Vec<T>], mut visit: impl FnMut(&[T])) {
    if choices.iter().any(Vec::is_empty) {
        return;
    }
    let mut digits = vec![0usize; choices.len()];
    let mut values: Vec<T> = choices.iter().map(|c| c[0]).collect();
    'odometer: loop {
        visit(&values);
        for p in (0..digits.len()).rev() {
            digits[p] += 1;
            if digits[p] < choices[p].len() {
                values[p] = choices[p][digits[p]];
                continue 'odometer;
            }
            digits[p] = 0;
            values[p] = choices[p][0];
        }
        return;
    }
}

#[cfg(test)]
mod tests {
    use super::each_combination;

    fn all(choices: &[Vec<i32>]) -> Vec<Vec<i32>> {
        let mut out = Vec::new();
        each_combination(choices, |c| out.push(c.to_vec()));
        out
    }

    #[test]
    fn every_combination_once_in_lexicographic_order() {
        let out = all(&[vec![3, 1], vec![5], vec![0, 2, 4]]);
        assert_eq!(
            out,
            [
                [3, 5, 0],
                [3, 5, 2],
                [3, 5, 4],
                [1, 5, 0],
                [1, 5, 2],
                [1, 5, 4]
            ]
        );
    }

    #[test]
    fn no_list_gives_the_empty_combination_and_an_empty_list_none() {
        assert_eq!(all(&[]), [Vec::<i32>::new()]);
        assert!(all(&[vec![1, 2], vec![]]).is_empty());
    }
}
