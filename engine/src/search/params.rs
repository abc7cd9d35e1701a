//! Search tunables: every pruning margin and reduction constant, as a named table exposed as UCI
//! `spin` options.

use crate::scalar_params;

scalar_params! {
    /// Search parameters.
    pub struct SearchParams {
        /// Initial half-width of the aspiration window (centipawns).
        asp_delta: "AspDelta" = 25, 5, 500;
        /// Depth from which aspiration windows are used.
        asp_depth: "AspDepth" = 4, 1, 64;
        /// Razoring margin per depth (centipawns).
        razor_margin: "RazorMargin" = 250, 0, 2000;
        /// Deepest node where razoring applies.
        razor_depth: "RazorDepth" = 2, 0, 10;
        /// Reverse futility margin per depth.
        rfp_margin: "RfpMargin" = 90, 0, 1000;
        /// Deepest node where reverse futility pruning applies.
        rfp_depth: "RfpDepth" = 7, 0, 20;
        /// Null-move reduction base.
        nmp_base: "NmpBase" = 3, 0, 10;
        /// Null-move reduction grows by one every this many plies of depth.
        nmp_depth_div: "NmpDepthDiv" = 4, 1, 20;
        /// Null-move reduction grows by one per this many centipawns of eval above beta.
        nmp_eval_div: "NmpEvalDiv" = 200, 10, 2000;
        /// Shallowest depth where null-move pruning is tried.
        nmp_min_depth: "NmpMinDepth" = 2, 1, 20;
        /// Futility pruning of quiet moves: base margin.
        fut_base: "FutBase" = 80, 0, 1000;
        /// Futility pruning of quiet moves: margin per depth.
        fut_margin: "FutMargin" = 100, 0, 1000;
        /// Deepest node where futility pruning applies.
        fut_depth: "FutDepth" = 6, 0, 20;
        /// Late-move pruning: quiet moves allowed = LmpBase + LmpMul * depth^2.
        lmp_base: "LmpBase" = 4, 0, 100;
        /// Late-move pruning multiplier.
        lmp_mul: "LmpMul" = 3, 0, 50;
        /// Deepest node where late-move pruning applies.
        lmp_depth: "LmpDepth" = 6, 0, 20;
        /// Late-move reduction constant term, in hundredths.
        lmr_base: "LmrBase" = 75, 0, 400;
        /// Late-move reduction divisor of ln(depth)*ln(moves), in hundredths.
        lmr_div: "LmrDiv" = 150, 50, 1000;
        /// History score that changes a reduction by one ply.
        lmr_history_div: "LmrHistoryDiv" = 8000, 500, 100000;
        /// Largest history bonus.
        history_max_bonus: "HistoryMaxBonus" = 1600, 1, 16000;
        /// Quiescence delta-pruning margin.
        qs_delta: "QsDelta" = 200, 0, 2000;
        /// Depth from which a node without a hash move is searched one ply shallower.
        iir_depth: "IirDepth" = 5, 1, 64;
        /// Deepest node where moves that lose material by SEE are pruned.
        see_depth: "SeeDepth" = 6, 0, 20;
        /// SEE pruning of captures: material a capture may lose, per depth squared.
        see_capture_margin: "SeeCaptureMargin" = 30, 0, 500;
        /// SEE pruning of quiet moves: material a quiet move may lose, per depth.
        see_quiet_margin: "SeeQuietMargin" = 60, 0, 1000;
        /// Shallowest depth where the hash move is tested for a singular extension.
        se_depth: "SeDepth" = 7, 2, 64;
        /// Singular bound below the hash score, in eighths of a centipawn per ply of depth.
        se_margin: "SeMargin" = 16, 0, 400;
        /// How far below the singular bound a double extension starts (centipawns).
        se_double_margin: "SeDoubleMargin" = 25, 0, 1000;
        /// Late-move reduction, in plies, of a losing capture (one the picker tried last) at a
        /// node of depth 3 or more (0: none).
        lmr_losing_capture: "LmrLosingCapture" = 1, 0, 10;
        /// 1: a check is extended only when its exchange does not lose material (SEE); 0:
        /// every check is extended.
        check_ext_see: "CheckExtSee" = 1, 0, 1;
        /// The chess network's score as the search sees it, in percent of the network's output
        /// (the network speaks Stockfish's centipawns, about 1.7 times the tables' scale that
        /// every margin here was tuned in).
        nnue_scale: "NnueScale" = 100, 25, 400;
    }
}
